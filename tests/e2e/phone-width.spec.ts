import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./support";

/**
 * No page scrolls sideways on a 360 px phone (issue 11 §1, docs/decisions/0022): for every role, every screen its
 * menu and pages link to (one of each kind: ids and query values other than the tab are folded), plus the 404 and
 * the security pages, is no wider than the viewport. A layout check: it runs once, in the nojs project, with one
 * login per role, and without the axe fixture (the journeys check accessibility).
 */
const WIDTH = 360;
const ROLES = [
  "direction@cadran.test",
  "daf@cadran.test",
  "chef.division@cadran.test",
  "chef.equipe@cadran.test",
  "employe@cadran.test",
  "accueil@cadran.test",
  "commercial@cadran.test",
];
/** Links that are not screens (downloads, images, the API, leaving the session). */
// Downloads are not screens: the exports, the ZIP of my data, the directory export and the import template.
// The history's Excel export (issue 32 §3) too.
const NOT_A_SCREEN = /^\/(logout|api|avatars|build|export|preferences|profile\/data|employees\/export|employees\/import\/template|employees\/\d+\/history\/export)(\/|$|\?)/;
const MAX_PAGES_PER_ROLE = 80;
const TABS = 3;

test.use({ viewport: { width: WIDTH, height: 800 } });
// Scripts never run here (nojs) and images do not change the layout (their boxes are sized): not fetched.
test.beforeEach(async ({ context }) => {
  await context.route(/\.(js|png|jpe?g|svg|webp|woff2?)(\?|$)/, (route) => route.abort());
});
test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "a layout check: runs once, in the nojs project");

/** One page per kind of screen: numbers folded, the query reduced to its tab. */
function kindOf(href: string): string {
  const url = new URL(href, "http://x");
  return `${url.pathname.replace(/\d+/g, "N")}?${url.searchParams.get("tab") ?? ""}`;
}

async function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/**
 * Visits every screen reachable from `start` by links, a few tabs at a time (the server renders one while the
 * browser lays out another); answers the pages wider than the viewport.
 */
async function wideScreens(first: Page, start: string[]): Promise<string[]> {
  const pages = [first, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => first.context().newPage())))];
  const wide: string[] = [];
  const seen = new Set<string>();
  const queue = [...start];
  let visited = 0;
  const visit = async (page: Page, href: string) => {
    await page.goto(href);
    const width = await documentWidth(page);
    if (width > WIDTH) wide.push(`${href} is ${width} px wide`);
    const links = await page.locator("a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    for (const link of links) if (link && !NOT_A_SCREEN.test(link) && !seen.has(kindOf(link))) queue.push(link);
  };
  while (queue.length > 0 && visited < MAX_PAGES_PER_ROLE) {
    const batch: string[] = [];
    while (queue.length > 0 && batch.length < pages.length) {
      const href = queue.shift()!;
      if (seen.has(kindOf(href))) continue;
      seen.add(kindOf(href));
      batch.push(href);
    }
    visited += batch.length;
    await Promise.all(batch.map((href, i) => visit(pages[i]!, href)));
  }
  return wide;
}

test("the security pages and the visitor's 404 fit a 360 px phone", async ({ page }) => {
  const wide: string[] = [];
  for (const href of ["/login", "/password/reset", "/password/change/not-a-token", "/cette-page-n-existe-pas"]) {
    await page.goto(href);
    const width = await documentWidth(page);
    if (width > WIDTH) wide.push(`${href} is ${width} px wide`);
  }
  expect(wide).toEqual([]);
});

test("the anonymisation dry run (issue 32 §4) fits a 360 px phone", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Identifiant (e-mail professionnel)").fill("direction@cadran.test");
  await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const api = page.context().request;
  const login = await api.post("/api/login", { data: { username: "direction@cadran.test", password: DEMO_PASSWORD } });
  const { apiToken } = (await login.json()) as { apiToken: string };
  const headers = { "X-AUTH-TOKEN": apiToken, Accept: "application/json" };
  const [row] = await api.get("/api/employees?exists[contract.firedAt]=true", { headers }).then(async (r) => {
    const body = (await r.json()) as Record<string, unknown>;
    return (body["hydra:member"] ?? body.member ?? body) as { id: number }[];
  });
  await page.goto(`/employees/${row!.id}/anonymise`);
  await expect(page.getByTestId("anonymise-dry-run")).toBeVisible();
  expect(await documentWidth(page)).toBeLessThanOrEqual(WIDTH);
});

test("the history tab of a sheet with its entries and filters (issue 32 §3) fits a 360 px phone", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Identifiant (e-mail professionnel)").fill("daf@cadran.test");
  await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const api = page.context().request;
  const login = await api.post("/api/login", { data: { username: "daf@cadran.test", password: DEMO_PASSWORD } });
  const { apiToken } = (await login.json()) as { apiToken: string };
  const headers = { "X-AUTH-TOKEN": apiToken, Accept: "application/json" };
  const [row] = await api.get("/api/employees?exists[contract.firedAt]=false", { headers }).then(async (r) => {
    const body = (await r.json()) as Record<string, unknown>;
    return (body["hydra:member"] ?? body.member ?? body) as { id: number }[];
  });
  // A change of its sheet, so the table has a row with a long « old → new » line.
  const put = await api.put(`/api/employees/${row!.id}`, { headers, data: { contractState: "Période d'essai renouvelée jusqu'à la fin du trimestre" } });
  expect(put.status(), await put.text()).toBe(200);
  const wide: string[] = [];
  for (const href of [`/employees/${row!.id}/history`, `/employees/${row!.id}/history?kind=sheet&from=01/01/2020&to=32/13/2026`]) {
    await page.goto(href);
    await expect(page.getByTestId("history-filters")).toBeVisible();
    const width = await documentWidth(page);
    if (width > WIDTH) wide.push(`${href} is ${width} px wide`);
  }
  expect(wide).toEqual([]);
});

for (const email of ROLES) {
  test(`every screen of ${email} fits a 360 px phone`, async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Identifiant (e-mail professionnel)").fill(email);
    await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const wide = await wideScreens(page, ["/", "/cette-page-n-existe-pas"]);
    expect(wide, `pages wider than ${WIDTH} px for ${email}`).toEqual([]);
  });
}

/** Screens whose full state no link reaches (a GET form's answer): the onboarding screens of issue 33. */
test("the onboarding screens with their data fit a 360 px phone", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Identifiant (e-mail professionnel)").fill("daf@cadran.test");
  await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const wide: string[] = [];
  // The demo's France is country 1 and "3 Print" subsidiary 1 (db/seeds/demo.ts).
  for (const href of [
    "/api/docs",
    `/settings/holidays?calendar=country-1&year=${new Date().getFullYear() + 1}`,
    `/settings/holidays?calendar=alsace-moselle-good-friday-1&year=${new Date().getFullYear() + 1}`,
  ]) {
    await page.goto(href);
    const width = await documentWidth(page);
    if (width > WIDTH) wide.push(`${href} is ${width} px wide`);
  }
  // The import page and a preview with a row in error and a new team (no link reaches a preview).
  await page.goto("/employees/import");
  if ((await documentWidth(page)) > WIDTH) wide.push(`/employees/import is ${await documentWidth(page)} px wide`);
  const csv = "Matricule;Prénom;Nom;E-mail professionnel;Agence;Pôle;Équipe;Date d'embauche\n77001;Léa;Largeur;lea.largeur@cadran.test;3 Print;Production;Une équipe au nom assez long pour un téléphone;31/02/2026";
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles({ name: "largeur.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page).toHaveURL(/\/employees\/import\/[0-9a-f-]{36}$/);
  if ((await documentWidth(page)) > WIDTH) wide.push(`the import preview is ${await documentWidth(page)} px wide`);
  // Issue 39: a preview naming the matched person, old → new, and the boxes to tick (a Lisboa Print matricule, 2001).
  await page.goto("/employees/import");
  const move = "Matricule;Prénom;Nom;E-mail professionnel;Agence;Pôle;Équipe\n2001;Léa;Déplacée;lea.deplacee@cadran.test;3 Print;Production;";
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles({ name: "agence.csv", mimeType: "text/csv", buffer: Buffer.from(move) });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByTestId("import-ticks")).toBeVisible();
  if ((await documentWidth(page)) > WIDTH) wide.push(`the import preview with ticks is ${await documentWidth(page)} px wide`);
  expect(wide).toEqual([]);
});
