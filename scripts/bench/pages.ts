import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { printResult, runLoad, runRate } from "./load";

/**
 * Issue 12 item 6: the list pages with 50 leaves for one employee, against the peer's figures (10–16 ms, 80–99 KB):
 * one client closed-loop (the latency of one page, target ≤ 12 ms at the median), then 40 requests/s, and the size
 * of each page as sent (with `Accept-Encoding: gzip`) and as HTML.
 */
export const PAGE_TARGETS = { p50: 12 };
const SIZE_TARGETS_KB: Record<string, number> = { "/leave/me": 40, "/leave/waiting (pending)": 60, "/leave/ask": 21 };

/** 50 pending leaves (one working day each, next year) for the demo employee, awaiting their team leader. */
export async function addFiftyLeaves(databaseUrl: string, email = "employe@cadran.test"): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number }>(
      "select e.id from employee e join app_user u on u.employee_id = e.id where u.email = $1",
      [email],
    );
    const employeeId = rows[0]!.id;
    await c.query(
      `with days as (
         select d::date as day from generate_series(make_date(extract(year from now())::int + 1, 2, 1),
                                                    make_date(extract(year from now())::int + 1, 5, 31), '1 day') d
         where extract(isodow from d) < 6 order by d limit 50),
       ins as (
         insert into leave (employee_id, reason, comment, start, "end", number_days_work, urgent, state, created_at, updated_at)
         select $1, 'PAID_LEAVE', 'Banc d''essai', day, day, 1, false, 'pending', now(), now() from days
         returning id)
       insert into leave_step (leave_id, step, actor_id, at) select id, 'created', $1, now() from ins`,
      [employeeId],
    );
  } finally {
    await c.end();
  }
}

/** Bytes on the wire for a GET with or without gzip accepted (node:http does not decode). */
function wireSize(base: string, path: string, cookie: string, gzip: boolean): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { headers: { Cookie: cookie, "Accept-Encoding": gzip ? "gzip" : "identity" } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers["content-encoding"] ?? "none") }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function benchListPages(opts: {
  base: string;
  seconds: number;
  login: (email: string) => Promise<string | null>;
}): Promise<void> {
  const employee = (await opts.login("employe@cadran.test"))!;
  const leader = (await opts.login("chef.equipe@cadran.test"))!;
  const finance = (await opts.login("daf@cadran.test"))!;
  const divisionHead = (await opts.login("chef.division@cadran.test"))!;
  const teamPage = await (await fetch(`${opts.base}/overtime/team`, { headers: { Cookie: leader } })).text();
  const teamMate = /href="\/overtime\/employee\/(\d+)"/.exec(teamPage)?.[1];
  // The overtime policy page of the demo's France (issue 13): its id read from the settings list.
  const settings = await (await fetch(`${opts.base}/settings`, { headers: { Cookie: finance } })).text();
  const franceLink = (settings.match(/<a [^>]*>/g) ?? []).find((a) => a.includes("France") && a.includes("/settings/countries/"));
  const france = franceLink && /\/settings\/countries\/(\d+)\/edit/.exec(franceLink)?.[1];
  const pages: [string, string, string][] = [
    ["/leave/me", "/leave/me", employee],
    // The year of the 50 leaves, every month: the pending tab shows the 50 cards (and the demo's, if any).
    ["/leave/waiting (pending)", `/leave/waiting?year=${new Date().getFullYear() + 1}&month=all&employee=all&tab=pending`, leader],
    ["/leave/ask", "/leave/ask", employee],
    ["home (team leader)", "/", leader],
    // Issue 17: every dashboard variant (DESIGN §6: p95 < 100 ms at 40 req/s).
    ["home (agency, management)", "/", finance],
    ["home (division)", "/", (await opts.login("chef.division@cadran.test"))!],
    ["home (employee)", "/", employee],
    ["home (commercial)", "/", (await opts.login("commercial@cadran.test"))!],
    ...(france ? [["overtime policy (France)", `/settings/countries/${france}/overtime`, finance] as [string, string, string]] : []),
    // The five overtime screens (issue 13 §5); the employee's page is the first person of the team's calendar.
    ["overtime me", "/overtime/me", employee],
    ["overtime team", "/overtime/team", leader],
    ["overtime division", "/overtime/division", divisionHead],
    ["overtime subsidiary", "/overtime/subsidiary", finance],
    ...(teamMate ? [["overtime employee (week)", `/overtime/employee/${teamMate}?week=2`, leader] as [string, string, string]] : []),
  ];
  if (!france) console.info("[bench:pages] France not found in /settings: the overtime policy page is not measured");
  console.info("[bench:pages] 50 pending leaves for employe@cadran.test, awaiting chef.equipe@cadran.test");
  for (const [name, path, cookie] of pages) {
    const plain = await wireSize(opts.base, path, cookie, false);
    const packed = await wireSize(opts.base, path, cookie, true);
    const html = await (await fetch(`${opts.base}${path}`, { headers: { Cookie: cookie } })).text();
    const cards = (html.match(/data-leave-id=/g) ?? []).length;
    const target = SIZE_TARGETS_KB[name];
    const verdict = target == null ? "" : plain.bytes <= target * 1024 ? ` (target ≤ ${target} KB: ok)` : ` (target ≤ ${target} KB: OVER)`;
    console.info(
      `${name.padEnd(28)} status ${plain.status}  ${cards ? `${cards} cards  ` : ""}HTML ${kb(plain.bytes)}${verdict}  sent with gzip accepted ${kb(packed.bytes)} (${packed.encoding})  gzip -6 of the HTML ${kb(gzipSync(html, { level: 6 }).length)}`,
    );
  }
  for (const [name, path, cookie] of pages) {
    const one = async () => {
      const res = await fetch(`${opts.base}${path}`, { headers: { Cookie: cookie } });
      await res.arrayBuffer();
      return res.status === 200;
    };
    // Warm-up (JIT, pool), not measured.
    for (let i = 0; i < 20; i++) await one();
    const single = await runLoad(`${name}, 1 client`, { clients: 1, seconds: opts.seconds }, one);
    printResult(single);
    console.info(`${"".padEnd(28)} median ${single.p50} ms: ${single.p50 <= PAGE_TARGETS.p50 ? "ok" : "OVER"} (target ≤ ${PAGE_TARGETS.p50} ms)`);
    printResult(await runRate(`${name}, 40 req/s`, { rps: 40, seconds: opts.seconds }, one), { p95: 100 });
  }
}
