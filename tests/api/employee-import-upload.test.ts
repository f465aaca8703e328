/**
 * The import's upload door (decision 0116), over HTTP like a browser without JavaScript: the encoding chosen on the
 * form is the one read, someone without the right stores nothing, and a file over 10 MB sent without Content-Length
 * (a chunked body) is refused in French with 413 while the web process stays under +100 MB.
 */
import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createOrg, createRoleAccounts, type TestEmployee } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";
import { zipBomb } from "~tests/support/zip-bomb";

const db = useTestDatabase();
const server = useTestServer();
let accounts: Record<string, TestEmployee>;

beforeAll(async () => {
  accounts = await createRoleAccounts(db.em(), await createOrg(db.em()));
});

function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]) {
  const boundary = "----cadran-import-test";
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: text/csv` : ""}\r\n\r\n`,
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from("\r\n"),
  ]);
  return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(client: ReturnType<typeof htmlClient>, body: Buffer | ReadableStream<Uint8Array>, type: string) {
  const cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${server.baseUrl}/employees/import`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": type, Origin: server.baseUrl },
    body,
    redirect: "manual",
    // A stream body is sent chunked, without Content-Length.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

describe("the import upload", () => {
  it("reads the file in the encoding chosen on the form", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(accounts.ROLE_HEAD_MANAGEMENT!.email);
    const csv = iconv.encode("Matricule;Prénom;Nom;E-mail professionnel\r\n3101;Zoé;Bœuf;zoe.boeuf@cadran.test\r\n", "windows-1252");
    const { body, type } = multipart([
      { name: "encoding", value: "windows-1252" },
      { name: "file", value: csv, filename: "equipe.csv" },
    ]);
    const res = await upload(client, body, type);
    expect(res.status).toBe(302);
    const [row] = await db.sql<{ rows: { values: Record<string, unknown> }[] }>("select rows from employee_import where id = ?", [res.location!.split("/").pop()]);
    expect(row!.rows[0]!.values).toMatchObject({ firstname: "Zoé", lastname: "Bœuf" });
  });

  it("refuses anyone but management before reading the body", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(accounts.ROLE_EMPLOYEE!.email);
    const before = await db.sql("select id from employee_import");
    const { body, type } = multipart([{ name: "file", value: "Matricule\r\n1", filename: "x.csv" }]);
    // The rights table (decision 0098) answers a page outside one's rights by ending the session (rights test).
    const res = await upload(client, body, type);
    expect([res.status, res.location]).toEqual([302, "/login"]);
    expect(await db.sql("select id from employee_import")).toEqual(before);
  });

  it("refuses a chunked file over 10 MB in French (413), the process under +100 MB", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(accounts.ROLE_HEAD_MANAGEMENT!.email);
    const boundary = "----cadran-import-test";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gros.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    const megabyte = Buffer.alloc(1024 * 1024, "a;");
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent < 30) controller.enqueue(megabyte);
        else {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
        sent++;
      },
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    const res = await upload(client, stream, `multipart/form-data; boundary=${boundary}`);
    expect(res.status).toBe(413);
    expect(res.text).toContain("Le fichier dépasse 10 Mo.");
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe("a zip bomb uploaded", () => {
  it("is refused in French within a second, the web process under +100 MB", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(accounts.ROLE_HEAD_MANAGEMENT!.email);
    const row = Buffer.from(`<row r="1"><c r="A1" t="inlineStr"><is><t>${"x".repeat(900)}</t></is></c></row>`.padEnd(1024, " "));
    const bomb = Buffer.from(await zipBomb(Buffer.concat(Array.from({ length: 1024 }, () => row)), 300));
    const { body, type } = multipart([{ name: "file", value: bomb, filename: "bombe.xlsx" }]);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(client, body, type);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(400);
    expect(res.text).toContain("Ce classeur décompressé dépasserait 32 Mo");
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});
