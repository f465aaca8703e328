/**
 * /profile like a browser without JavaScript: the multipart form saves phone, e-mail and avatar together, errors
 * come back on their fields (400, nothing stored), the header shows the new avatar at once, and the avatar can
 * be removed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type TestEmployee } from "~tests/support/factories";
import { PNG_1X1, pngHeader } from "~tests/support/factories-profile";
import { htmlClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
let me: TestEmployee;
let org: Awaited<ReturnType<typeof createOrg>>;

function text(html: string) {
  return html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

/** Posts the profile form as multipart, as the browser does for encType="multipart/form-data". */
async function postMultipart(c: ReturnType<typeof htmlClient>, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", file ? new Blob([new Uint8Array(file.bytes)], { type: file.type }) : new Blob([], { type: "application/octet-stream" }), file?.name ?? "");
  const res = await fetch(`${server.baseUrl}/profile`, {
    method: "POST",
    headers: { Cookie: [...c.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; "), Origin: server.baseUrl },
    body: form,
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

beforeAll(async () => {
  org = await createOrg(db.em());
  me = await createEmployee(db.em(), org, { profileType: "ROLE_EMPLOYEE", firstname: "léa", lastname: "martin" });
});

describe("/profile", () => {
  it("shows the form to anyone signed in, with required stars, the file chooser and no avatar yet", async () => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(me.email);
    const res = await c.get("/profile");
    expect(res.status).toBe(200);
    const html = text(res.text);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('type="file"');
    expect(html).toContain("Téléphone personnel");
    expect(html).toContain('title="Ce champ est obligatoire."');
    expect(html).toContain("Vous n'avez pas encore d'avatar.");
    // Without JavaScript the save button is enabled: the server checks.
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>Enregistrer les modifications/);
  });

  it("saves phone, e-mail and avatar; the header shows the new avatar right away", async () => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(me.email);
    const res = await postMultipart(c, { intent: "save", phone: "06 12 34 56 78", email: "lea@example.org" }, { bytes: PNG_1X1, name: "moi.png", type: "image/png" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/profile");
    const [row] = await db.sql<{ phone: string; email_personal: string }>("select phone, email_personal from employee where id = ?", [me.employeeId]);
    expect(row).toEqual({ phone: "06 12 34 56 78", email_personal: "lea@example.org" });
    const page = text((await c.get("/profile")).text);
    expect(page).toContain("Votre profil a été mis à jour.");
    expect(page).toMatch(/<img src="\/avatars\/[A-Za-z0-9_-]{43}" alt="Avatar de Léa MARTIN"/);
    expect(page).toContain("Supprimer l'avatar");
    const img = await c.get(page.match(/\/avatars\/[A-Za-z0-9_-]{43}/)![0]);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
  });

  it("saves without a file and keeps the avatar", async () => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(me.email);
    const res = await postMultipart(c, { intent: "save", phone: "07 00 00 00 00", email: "lea@example.org" });
    expect(res.status).toBe(302);
    expect(await db.sql("select id from avatar where user_id = ?", [me.userId])).toHaveLength(1);
  });

  it.each([
    ["no phone", { phone: "", email: "a@b.fr" }, undefined, "Le téléphone personnel est obligatoire."],
    ["no e-mail", { phone: "0612345678", email: "" }, undefined, "L'e-mail personnel est obligatoire."],
    ["a bad e-mail", { phone: "0612345678", email: "lea@" }, undefined, "Email invalide."],
    ["a text file as avatar", { phone: "0612345678", email: "a@b.fr" }, { bytes: Buffer.from("just text, not a picture"), name: "x.png", type: "image/png" }, "Format d'image refusé"],
    ["a 5000 × 5000 image", { phone: "0612345678", email: "a@b.fr" }, { bytes: pngHeader(5000, 5000), name: "big.png", type: "image/png" }, "L'image dépasse 4000 × 4000 pixels."],
    ["a file over 2 MB", { phone: "0612345678", email: "a@b.fr" }, { bytes: pngHeader(10, 10, 2_100_000), name: "heavy.png", type: "image/png" }, "L'image dépasse 2 Mo."],
  ])("refuses %s with 400, the French error in the page, nothing stored", async (_name, fields, file, message) => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(me.email);
    const before = await db.sql("select e.phone, e.email_personal, a.updated_at from employee e left join avatar a on a.user_id = ? where e.id = ?", [me.userId, me.employeeId]);
    const res = await postMultipart(c, { intent: "save", ...fields }, file);
    expect(res.status).toBe(400);
    expect(text(res.text)).toContain(message);
    // The typed values come back.
    if (fields.email) expect(res.text).toContain(`value="${fields.email}"`);
    const after = await db.sql("select e.phone, e.email_personal, a.updated_at from employee e left join avatar a on a.user_id = ? where e.id = ?", [me.userId, me.employeeId]);
    expect(after).toEqual(before);
  });

  it("refuses as personal e-mail another person's login (any case): 400, French field error, nothing stored; the own login is fine", async () => {
    const other = await createEmployee(db.em(), org, { email: "autre.login@cadran.test" });
    const c = htmlClient(() => server.baseUrl);
    await c.login(me.email);
    const before = await db.sql("select phone, email_personal from employee where id = ?", [me.employeeId]);
    const res = await postMultipart(c, { intent: "save", phone: "0612345678", email: "Autre.Login@cadran.test" });
    expect(res.status).toBe(400);
    expect(text(res.text)).toContain("Cet e-mail est l'identifiant de connexion d'un autre compte");
    expect(res.text).toContain('value="Autre.Login@cadran.test"');
    expect(await db.sql("select phone, email_personal from employee where id = ?", [me.employeeId])).toEqual(before);
    expect(await db.sql("select email_personal from employee where id = ?", [other.employeeId])).toEqual([{ email_personal: null }]);
    const own = await postMultipart(c, { intent: "save", phone: "0612345678", email: me.email });
    expect(own.status).toBe(302);
  });

  it("removes the avatar with its button", async () => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(me.email);
    const res = await c.post("/profile", { intent: "remove-avatar" });
    expect(res.status).toBe(302);
    expect(await db.sql("select id from avatar where user_id = ?", [me.userId])).toEqual([]);
    expect(text((await c.get("/profile")).text)).toContain("Votre avatar a été supprimé.");
  });
});
