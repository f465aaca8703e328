/**
 * The profile calls (spec 1 §7): GET/POST /api/profile, POST/DELETE /api/avatars, for anyone signed in, on their
 * own data only; the avatar checked by content, size and dimensions.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type TestEmployee } from "~tests/support/factories";
import { jpegHeader, PNG_1X1, pngHeader } from "~tests/support/factories-profile";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

let me: TestEmployee;
let token: string;

async function upload(bytes: Buffer, options: { token?: string; filename?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? "file", new Blob([new Uint8Array(bytes)], { type: options.type ?? "image/png" }), options.filename ?? "avatar.png");
  const res = await fetch(`${server.baseUrl}/api/avatars`, {
    method: "POST",
    headers: { "X-AUTH-TOKEN": options.token ?? token, Accept: "application/json" },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  const org = await createOrg(db.em());
  me = await createEmployee(db.em(), org, { profileType: "ROLE_USER", emailPersonal: "perso@example.org" });
  token = await api.login(me.email);
});

describe("/api/profile", () => {
  it("GET gives the own phone, personal e-mail and avatar; 401 without token", async () => {
    const res = await api.get("/api/profile", token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ "@id": "/api/profile", "@type": "Profile", phone: null, email: "perso@example.org", avatar: null });
    expect((await api.get("/api/profile")).status).toBe(401);
  });

  it("POST saves both fields (any role, even ROLE_USER)", async () => {
    const res = await api.post("/api/profile", { phone: "+33 6 12 34 56 78", email: "camille@example.org" }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: "+33 6 12 34 56 78", email: "camille@example.org" });
    const [row] = await db.sql<{ phone: string; email_personal: string }>("select phone, email_personal from employee where id = ?", [me.employeeId]);
    expect(row).toEqual({ phone: "+33 6 12 34 56 78", email_personal: "camille@example.org" });
  });

  it.each([
    ["an empty body", {}, { phone: "Le téléphone personnel est obligatoire.", email: "L'e-mail personnel est obligatoire." }],
    ["an empty phone", { phone: " ", email: "a@b.fr" }, { phone: "Le téléphone personnel est obligatoire." }],
    ["an invalid e-mail", { phone: "0612345678", email: "not-an-email" }, { email: "Email invalide." }],
    ["a phone with letters", { phone: "call me maybe", email: "a@b.fr" }, { phone: "Numéro de téléphone invalide." }],
  ])("POST refuses %s with 422 and French violations; nothing changes", async (_name, body, expected) => {
    const before = await db.sql("select phone, email_personal from employee where id = ?", [me.employeeId]);
    const res = await api.post("/api/profile", body, token);
    expect(res.status).toBe(422);
    expect(Object.fromEntries(res.body.violations.map((v: { propertyPath: string; message: string }) => [v.propertyPath, v.message]))).toEqual(expected);
    expect(await db.sql("select phone, email_personal from employee where id = ?", [me.employeeId])).toEqual(before);
  });

  it("POST refuses another person's login as personal e-mail with 422 (French violation on email); nothing changes", async () => {
    const org = await createOrg(db.em(), " Deux");
    await createEmployee(db.em(), org, { email: "deja.login@cadran.test" });
    const before = await db.sql("select phone, email_personal from employee where id = ?", [me.employeeId]);
    const res = await api.post("/api/profile", { phone: "0612345678", email: "DEJA.login@cadran.test" }, token);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([
      { propertyPath: "email", message: "Cet e-mail est l'identifiant de connexion d'un autre compte : choisissez une autre adresse personnelle." },
    ]);
    expect(await db.sql("select phone, email_personal from employee where id = ?", [me.employeeId])).toEqual(before);
  });

  it("answers 405 to PUT", async () => {
    expect((await api.put("/api/profile", { phone: "0612345678", email: "a@b.fr" }, token)).status).toBe(405);
  });
});

describe("/api/avatars", () => {
  it("stores a PNG checked by content (201), serves it with its sniffed type, then DELETE removes it (204)", async () => {
    // Declared as JPEG by the client: the stored type is the one read from the bytes.
    const res = await upload(PNG_1X1, { type: "image/jpeg", filename: "photo.jpg" });
    expect(res.status).toBe(201);
    expect(res.body.contentUrl).toMatch(/^\/avatars\/[A-Za-z0-9_-]{43}$/);
    const [row] = await db.sql<{ content_type: string; data: Buffer }>("select content_type, data from avatar where user_id = ?", [me.userId]);
    expect(row!.content_type).toBe("image/png");
    expect(Buffer.compare(row!.data, PNG_1X1)).toBe(0);
    const profile = await api.get("/api/profile", token);
    expect(profile.body.avatar).toBe(res.body.contentUrl);
    const user = await api.get(`/api/users/${me.userId}`, token);
    expect(user.body.avatar).toBe(res.body.contentUrl);

    // A second upload replaces it (one avatar per user) and moves the version.
    const again = await upload(jpegHeader(200, 100), { type: "image/png" });
    expect(again.status).toBe(201);
    expect(again.body.contentUrl).not.toBe(res.body.contentUrl);
    const rows = await db.sql<{ content_type: string }>("select content_type from avatar where user_id = ?", [me.userId]);
    expect(rows).toEqual([{ content_type: "image/jpeg" }]);

    const del = await api.delete("/api/avatars", token);
    expect(del.status).toBe(204);
    expect(await db.sql("select id from avatar where user_id = ?", [me.userId])).toEqual([]);
    expect((await api.get("/api/profile", token)).body.avatar).toBeNull();
  });

  it.each([
    ["a text file named .png", Buffer.from("I am not an image, only some text."), "Format d'image refusé : seuls PNG, JPEG et WebP sont acceptés."],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "Format d'image refusé : seuls PNG, JPEG et WebP sont acceptés."],
    ["a 4001 × 10 PNG", pngHeader(4001, 10), "L'image dépasse 4000 × 4000 pixels."],
    ["a file over 2 MB", pngHeader(100, 100, 2_000_001), "L'image dépasse 2 Mo."],
    ["an empty file", Buffer.alloc(0), "Choisissez une image."],
  ])("refuses %s with 422 and a clear French message; nothing stored", async (_name, bytes, message) => {
    const res = await upload(bytes);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([{ propertyPath: "file", message }]);
    expect(await db.sql("select id from avatar where user_id = ?", [me.userId])).toEqual([]);
  });

  it("refuses a file sent under another field name (422) and a JSON body (415)", async () => {
    expect((await upload(PNG_1X1, { field: "image" })).status).toBe(422);
    const json = await api.post("/api/avatars", { file: "x" }, token);
    expect(json.status).toBe(415);
    expect(json.body.message).toContain("multipart");
  });

  it("answers 401 without a token and 405 to GET", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG_1X1)]), "a.png");
    const res = await fetch(`${server.baseUrl}/api/avatars`, { method: "POST", body: form });
    expect(res.status).toBe(401);
    expect((await api.get("/api/avatars", token)).status).toBe(405);
  });
});
