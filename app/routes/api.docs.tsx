import { renderToStaticMarkup } from "react-dom/server";
import { t } from "~/i18n/fr";
import { openApiDocument } from "~/server/api/openapi.server";
import tailwind from "~/tailwind.css";

type Schema = { content?: Record<string, { schema: unknown }> };
type Op = {
  summary: string;
  description: string;
  parameters?: { name: string; in: string; description?: string; required: boolean }[];
  requestBody?: Schema;
  responses: Record<string, { description: string } & Schema>;
};

/** A schema as indented JSON, folded (the page stays short; no script opens it). */
function SchemaBlock({ label, content }: { label: string; content: Schema["content"] }) {
  const [type, body] = Object.entries(content ?? {})[0] ?? [];
  if (!body) return null;
  return (
    <details>
      <summary>
        {label} <code className="text-xs">{type}</code>
      </summary>
      {/* Focusable: a keyboard scrolls it (axe scrollable-region-focusable). */}
      <pre tabIndex={0} className="max-w-full overflow-x-auto bg-gray-100 p-2 text-xs">
        {JSON.stringify(body.schema, null, 2)}
      </pre>
    </details>
  );
}

/** The reference as a plain server-rendered page (no JavaScript): each call, its rights, its body schema, its answers. */
function Reference() {
  const doc = openApiDocument() as { paths: Record<string, Record<string, Op>> };
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{t("apidocs.title")}</title>
        <link rel="stylesheet" href={tailwind} />
      </head>
      <body className="bg-white text-gray-900">
        <main className="mx-auto max-w-4xl space-y-4 p-4">
          <h1 className="text-2xl font-semibold">{t("apidocs.title")}</h1>
          <p>{t("apidocs.intro")}</p>
          <p>
            <a href="/api/docs.json" className="btn-link">{t("apidocs.document")}</a>
          </p>
          {Object.entries(doc.paths).flatMap(([path, ops]) =>
            Object.entries(ops).map(([method, op]) => (
              <section key={`${method} ${path}`} className="border-t border-gray-200 pt-3">
                <h2 className="break-all font-semibold">
                  <code>
                    {method.toUpperCase()} {path}
                  </code>{" "}
                  — {op.summary}
                </h2>
                <p className="text-sm">{op.description}</p>
                {op.parameters?.some((p) => p.in === "query") && (
                  <dl className="text-sm">
                    <dt>{t("apidocs.query")}</dt>
                    {op.parameters
                      .filter((p) => p.in === "query")
                      .map((p) => (
                        <dd key={p.name} className="break-all">
                          <code>{p.name}</code> {p.description}
                        </dd>
                      ))}
                  </dl>
                )}
                {op.requestBody && <SchemaBlock label={t("apidocs.body")} content={op.requestBody.content} />}
                <dl className="text-sm">
                  <dt>{t("apidocs.answers")}</dt>
                  {Object.entries(op.responses).map(([status, r]) => (
                    <dd key={status}>
                      <code>{status}</code> {r.description}
                    </dd>
                  ))}
                </dl>
                {/* The answers' schemas are in /api/docs.json: inline, they made the page 300 KB heavier (decision 0108). */}
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
