import type { Page, TestInfo } from "@playwright/test";
import { DEMO_PASSWORD, expect, isJs, loginAs, test } from "./support";

/**
 * The shop-floor terminal (issue 46), with JavaScript on and off: two employees set their code on the profile, the
 * management registers a terminal, the device enrols with the one-time link, two people clock one after the other
 * (the confirmation returns to the keypad by itself), the keypad and the buttons fit a 360 px phone, and once revoked
 * the device is no terminal any more. Between them HR issue a badge from a sheet (the printable badge), the device
 * reads it (typed by a scanner without JavaScript, the camera with it) and Settings list the terminal's clockings. The clock runs at fixed instants (the test clock's cookie, decision 0103).
 * Matricules are the demo seed's: Julien Bernard 1004, Camille Dubois 1005 (3 Print).
 */
/**
 * A Monday in summer time with no French public holiday and no demo leave: the first Monday of October two years
 * ahead. A fixed date (2026-09-07) met a leave of Julien's that the demo seed places relative to the day of the run
 * ("En congé aujourd'hui" on 2026-12-08); the demo's leaves reach a few months around today, never two years.
 */
const MONDAY = (() => {
  const year = new Date().getUTCFullYear() + 2;
  const first = new Date(Date.UTC(year, 9, 1));
  first.setUTCDate(1 + ((8 - first.getUTCDay()) % 7));
  return first.toISOString().slice(0, 10);
})();
const MONDAY_0758 = Date.parse(`${MONDAY}T05:58:00Z`);
const MONDAY_0803 = Date.parse(`${MONDAY}T06:03:00Z`);
const MONDAY_1000 = Date.parse(`${MONDAY}T08:00:00Z`);
const MONDAY_FR = MONDAY.split("-").reverse().join("/");

/** An employee's id by their e-mail, through the /api (as the history journey finds its person). */
async function employeeIdOf(page: Page, email: string): Promise<number> {
  const api = page.context().request;
  const login = await api.post("/api/login", { data: { username: "direction@cadran.test", password: DEMO_PASSWORD } });
  const { apiToken } = (await login.json()) as { apiToken: string };
  for (let p = 1; p <= 5; p++) {
    const list = await api.get(`/api/employees?page=${p}`, { headers: { "X-AUTH-TOKEN": apiToken, Accept: "application/json" } });
    const body = (await list.json()) as Record<string, unknown>;
    const members = (body["hydra:member"] ?? body.member ?? body) as { id: number; email: string }[];
    const found = members.find((m) => m.email === email);
    if (found) return found.id;
  }
  throw new Error(`no employee ${email}`);
}

/**
 * A camera and a QR reader for the JavaScript journey: headless Chromium on Linux has no BarcodeDetector, so the page
 * gets a stand-in that "reads" the given text from a blank canvas stream (the wiring is tested: the button appears
 * only with the API, fills the badge field and submits its form).
 */
async function fakeCamera(page: Page, text: string) {
  await page.addInitScript((raw) => {
    class FakeDetector {
      static async getSupportedFormats() {
        return ["qr_code"];
      }
      async detect() {
        return [{ rawValue: raw }];
      }
    }
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = FakeDetector;
    const getUserMedia = async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 64;
      canvas.getContext("2d")!.fillRect(0, 0, 64, 64);
      return canvas.captureStream(5);
    };
    if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = getUserMedia;
    else Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia } });
  }, text);
}

async function serverNow(page: Page, testInfo: TestInfo, at: number) {
  await page.context().addCookies([{ name: "cadran_test_now", value: String(at), url: testInfo.project.use.baseURL! }]);
}

async function setCode(page: Page, email: string, code: string) {
  // Signed in as someone else, the login would keep that session: start signed out.
  await page.context().clearCookies();
  await loginAs(page, email, { to: "/profile" });
  await page.getByLabel(/^Nouveau code/).fill(code);
  await page.getByLabel(/^Confirmer le code/).fill(code);
  await page.getByRole("button", { name: "Enregistrer le code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Votre code de pointage est enregistré." })).toBeVisible();
  await expect(page.getByTestId("terminal-code-state")).toContainText("Code défini le");
}

/**
 * Types a field with the keypad's own buttons (decision 0136 "Digit buttons"): with JavaScript the keys fill the
 * focused field in the browser, without it the field is chosen with "Matricule" / "Code" and each key posts the form.
 * "Corriger" empties the field first, a wrong digit is taken back with "Effacer".
 */
async function typeWithKeys(page: Page, js: boolean, field: "Matricule" | "Code personnel", digits: string) {
  const input = page.getByLabel(field, { exact: true });
  const keys = page.getByTestId("keypad-keys");
  if (js) await input.focus();
  else await keys.getByRole("button", { name: field === "Matricule" ? "Matricule" : "Code", exact: true }).click();
  await keys.getByRole("button", { name: "Corriger", exact: true }).click();
  await expect(input).toHaveValue("");
  let typed = "";
  for (const digit of digits) {
    await keys.getByRole("button", { name: digit, exact: true }).click();
    typed += digit;
    await expect(input).toHaveValue(typed);
    if (typed.length === 1) {
      await keys.getByRole("button", { name: digit === "9" ? "8" : "9", exact: true }).click();
      await expect(input).toHaveValue(`${typed}${digit === "9" ? "8" : "9"}`);
      await keys.getByRole("button", { name: "Effacer", exact: true }).click();
      await expect(input).toHaveValue(typed);
    }
  }
}

/** The keypad fits the viewport's width and its keys are big enough for gloves (64 px at least). */
async function keypadFits(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await expect(page.getByTestId("keypad-keys")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const name of ["1", "0", "Effacer", "Corriger", "Code"]) {
    const box = (await page.getByTestId("keypad-keys").getByRole("button", { name, exact: true }).boundingBox())!;
    expect(box.width, name).toBeGreaterThanOrEqual(64);
    expect(box.height, name).toBeGreaterThanOrEqual(64);
  }
}

async function clockIn(page: Page, matricule: string, code: string, expected: string, keys?: { js: boolean }) {
  await expect(page.getByTestId("keypad")).toBeVisible();
  if (keys) {
    // With JavaScript no key reaches the server.
    let posts = 0;
    const count = (r: { method(): string }) => void (r.method() === "POST" && posts++);
    page.on("request", count);
    await typeWithKeys(page, keys.js, "Matricule", matricule);
    await typeWithKeys(page, keys.js, "Code personnel", code);
    page.off("request", count);
    if (keys.js) expect(posts).toBe(0);
    else expect(posts).toBeGreaterThan(matricule.length + code.length);
  } else {
    await page.getByLabel("Matricule").fill(matricule);
    await page.getByLabel("Code personnel").fill(code);
  }
  await page.getByRole("button", { name: "Valider", exact: true }).click();
  await expect(page.getByTestId("person-step")).toBeVisible();
  await expect(page.getByTestId("clock-state")).toHaveText(/Pas encore badgé/);
  await page.getByRole("button", { name: "Début", exact: true }).click();
  await expect(page.getByTestId("terminal-done")).toContainText(expected);
}

test.describe("the shop-floor terminal", () => {
  test("enrol a device, clock two people one after the other, revoke it", async ({ page }, testInfo) => {
    test.slow();
    const name = `Borne atelier ${isJs(testInfo) ? "JS" : "HTML"}`;
    await setCode(page, "employe@cadran.test", "4815");
    await setCode(page, "chef.equipe@cadran.test", "162342");

    // Management registers the terminal and gets its one-time link.
    await page.context().clearCookies();
    await loginAs(page, "direction@cadran.test", { to: "/settings/terminals" });
    await page.getByLabel(/^Nom\s*\*?$/).fill(name);
    await page.getByLabel(/^Emplacement/).fill("Entrée du personnel");
    await page.getByLabel(/^Agence/).selectOption({ label: "3 Print" });
    await page.getByRole("button", { name: "Enregistrer la borne" }).click();
    await expect(page.getByTestId("enrol-url")).toBeVisible();
    const link = new URL((await page.getByTestId("enrol-url").textContent())!);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("En attente d'appairage");

    // The device: no session, only its own cookie.
    await page.context().clearCookies();
    await page.goto(link.pathname);
    await page.getByRole("button", { name: "Appairer ce poste" }).click();
    await expect(page).toHaveURL(/\/terminal$/);
    await expect(page.getByText(`Poste appairé : ${name}`)).toBeVisible();

    await serverNow(page, testInfo, MONDAY_0758);
    // A wrong code first: the one French answer.
    await page.getByLabel("Matricule").fill("1005");
    await page.getByLabel("Code personnel").fill("0000");
    await page.getByRole("button", { name: "Valider", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Matricule ou code incorrect." })).toBeVisible();
    // The matricule stays, the code does not (with JavaScript too: the answer's values fill the same inputs).
    await expect(page.getByLabel("Matricule", { exact: true })).toHaveValue("1005");
    await expect(page.getByLabel("Code personnel", { exact: true })).toHaveValue("");
    // Camille types with the keypad's digit buttons (in the browser with JavaScript, one post per key without it).
    await clockIn(page, "1005", "4815", "Début de journée enregistré à 07:58, Camille DUBOIS", { js: isJs(testInfo) });
    // Back to the keypad by itself (the Refresh header without JavaScript, a timer with it), for the next person.
    await expect(page.getByTestId("keypad")).toBeVisible({ timeout: 15_000 });
    await serverNow(page, testInfo, MONDAY_0803);
    await clockIn(page, "1004", "162342", "Début de journée enregistré à 08:03, Julien BERNARD");
    await page.getByTestId("terminal-back").click();

    // A 1024×768 tablet: the fields, "Valider" and every key on the first screen.
    await keypadFits(page, 1024, 768);
    for (const button of [page.getByRole("button", { name: "Valider", exact: true }), page.getByTestId("keypad-keys").getByRole("button", { name: "Corriger", exact: true })]) {
      const box = (await button.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(768);
    }
    // A 360 px phone: the keypad and the buttons' step fit without scrolling sideways.
    await keypadFits(page, 360, 740);
    await page.getByLabel("Matricule").fill("1005");
    await page.getByLabel("Code personnel").fill("4815");
    await page.getByRole("button", { name: "Valider", exact: true }).click();
    await expect(page.getByTestId("person-step")).toBeVisible();
    await expect(page.getByTestId("clock-state")).toHaveText(/Au travail depuis 07:58/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 720 });

    const deviceCookie = (await page.context().cookies()).filter((c) => c.name === "cadran_terminal");
    expect(deviceCookie).toHaveLength(1);

    // HR issue Camille's badge from her sheet (a server-rendered confirmation), the printable badge shown once.
    await page.context().clearCookies();
    await loginAs(page, "direction@cadran.test");
    const camilleId = await employeeIdOf(page, "employe@cadran.test");
    await page.goto(`/employees/${camilleId}/edit`);
    await page.locator("summary", { hasText: "Émettre un badge" }).click();
    await expect(page.getByRole("dialog")).toContainText("Émettre un badge de pointage pour Camille DUBOIS ?");
    await page.getByRole("dialog").getByRole("button", { name: "Émettre un badge" }).click();
    await expect(page.getByTestId("printable-badge")).toBeVisible();
    await expect(page.getByTestId("printable-badge")).toContainText("Matricule 1005");
    await expect(page.getByRole("img", { name: "QR code du badge de Camille DUBOIS" }).locator("svg")).toBeVisible();
    const printed = (await page.getByTestId("badge-text").textContent())!.trim();
    expect(printed).toMatch(/^CADRAN-1005- [0-9A-F ]+$/);
    if (process.env.E2E_BADGE_SHOT) {
      await page.emulateMedia({ media: "print" });
      await page.getByTestId("printable-badge").screenshot({ path: `${process.env.E2E_BADGE_SHOT}-${testInfo.project.name}.png` });
      await page.emulateMedia({ media: "screen" });
    }

    // At the terminal: a scanner types the QR's text in the badge field and presses Enter (without JavaScript);
    // with it, "Scanner le badge" reads it with the camera. Then Camille's buttons, as after her code.
    await page.context().clearCookies();
    await page.context().addCookies(deviceCookie);
    await serverNow(page, testInfo, MONDAY_1000);
    if (isJs(testInfo)) {
      await fakeCamera(page, printed.replace(/\s/g, ""));
      await page.goto("/terminal");
      await page.getByRole("button", { name: "Scanner le badge" }).click();
    } else {
      await page.goto("/terminal");
      await expect(page.getByRole("button", { name: "Scanner le badge" })).toHaveCount(0);
      await page.getByLabel("Badge", { exact: true }).fill(printed.replace(/\s/g, ""));
      await page.getByLabel("Badge", { exact: true }).press("Enter");
    }
    await expect(page.getByTestId("person-step")).toContainText("Bonjour Camille DUBOIS");
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await expect(page.getByTestId("terminal-done")).toContainText("Pause enregistrée à 10:00, Camille DUBOIS");
    await page.goto("/terminal");
    await page.getByLabel("Badge", { exact: true }).fill("CADRAN-1005-0000");
    await page.getByRole("button", { name: "Valider le badge" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Badge non reconnu." })).toBeVisible();

    // The terminal's last clockings in Settings: who, which action, when.
    await page.context().clearCookies();
    await loginAs(page, "direction@cadran.test", { to: "/settings/terminals" });
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { name: `Pointages de la borne « ${name} »` })).toBeVisible();
    const rows = page.getByTestId("clocking");
    await expect(rows.first()).toContainText(`${MONDAY_FR} 10:00`);
    await expect(rows.first()).toContainText("Camille DUBOIS");
    await expect(rows.first()).toContainText("Pause");
    await expect(rows.filter({ hasText: "Julien BERNARD" })).toContainText(`${MONDAY_FR} 08:03`);

    // Management revokes it (a server-rendered confirmation); the device is no terminal any more.
    await page.goto("/settings/terminals");
    await page.getByRole("link", { name: `Révoquer la borne « ${name} »` }).click();
    await expect(page.getByRole("dialog")).toContainText(`Révoquer la borne « ${name} » ?`);
    await page.getByRole("dialog").getByRole("button", { name: "Révoquer" }).click();
    await expect(page.getByRole("status").filter({ hasText: `La borne « ${name} » est révoquée.` })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Révoqué");
    await page.context().clearCookies();
    await page.context().addCookies(deviceCookie);
    await page.goto("/terminal");
    await expect(page.getByRole("heading", { name: "Ce poste n'est pas appairé" })).toBeVisible();
  });
});
