import { renderToStaticMarkup } from "react-dom/server";
import { t } from "~/i18n/fr";
import { openApiDocument } from "~/server/openapi.server";

type Op = { summary: string; description: string; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { description: string }> };

/** The reference as a plain server-rendered page (no JavaScript): each call, its rights, its body schema, its answers. */
function Reference() {
  const doc = openApiDocument() as { paths: Record<string, Record<string, Op>> };
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{t("apidocs.title")}</title>
        <style>{`body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;line-height:1.45;color:#111}
pre{background:#f4f4f5;padding:.75rem;overflow-x:auto;font-size:.8rem;max-width:100%}code{font-size:.9em}
section{border-top:1px solid #ddd;padding:.5rem 0}h2{font-size:1.05rem;word-break:break-all}dt{font-weight:600}`}</style>
      </head>
      <body>
        <main>
          <h1>{t("apidocs.title")}</h1>
          <p>{t("apidocs.intro")}</p>
          <p>
            <a href="/api/docs.json">{t("apidocs.document")}</a>
          </p>
          {Object.entries(doc.paths).flatMap(([path, ops]) =>
            Object.entries(ops).map(([method, op]) => (
              <section key={`${method} ${path}`} id={`${method}-${path}`}>
                <h2>
                  <code>
                    {method.toUpperCase()} {path}
                  </code>{" "}
                  — {op.summary}
                </h2>
                <p>{op.description}</p>
                {op.requestBody && (
                  <details>
                    <summary>{t("apidocs.body")}</summary>
                    <pre>{JSON.stringify(op.requestBody.content["application/json"]?.schema, null, 2)}</pre>
                  </details>
                )}
                <dl>
                  <dt>{t("apidocs.answers")}</dt>
                  {Object.entries(op.responses).map(([status, r]) => (
                    <dd key={status}>
                      <code>{status}</code> {r.description}
                    </dd>
                  ))}
                </dl>
              </section>
            )),
          )}
        </main>
      </body>
    </html>
  );
}

/** GET /api/docs: the readable reference, rendered on the server. */
export function loader() {
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(<Reference />)}`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff" },
  });
}
