import {
  data,
  redirect,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type UploadHandler,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { requestNow } from "~/server/shared/clock.server";
import { IMPORT_ENCODINGS, ImportFileError, MAX_IMPORT_BYTES, type ImportEncoding } from "~/services/employees/import-file.server";
import { startImport } from "~/services/employees/import.server";
import { assertManagement } from "~/services/employees/records.server";
import { ForbiddenError } from "~/services/shared/errors";

export const meta: MetaFunction = () => [{ title: `${t("import.title")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    assertManagement(user);
  } catch (error) {
    if (error instanceof ForbiddenError) throw new Response(null, { status: 403 });
    throw error;
  }
  return { encodings: IMPORT_ENCODINGS };
}

/** A plain multipart form: the file is read, its rows kept, and the preview page shown (nothing written to the sheets). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // The rights first: nobody else's upload is even read.
  try {
    assertManagement(user);
  } catch (error) {
    if (error instanceof ForbiddenError) throw new Response(null, { status: 403 });
    throw error;
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + 64 * 1024) {
    return data({ error: t("import.error.file_bytes", { max: MAX_IMPORT_BYTES / 1024 / 1024 }), encoding: "auto" as ImportEncoding }, { status: 413 });
  }
  // Streamed, never more than the limit in memory (a chunked body has no Content-Length): the file part is kept up
  // to MAX_IMPORT_BYTES, a bigger one drained and refused; the other fields are short texts.
  let upload: { name: string; bytes: Uint8Array; tooLarge: boolean } | null = null;
  const handler: UploadHandler = async (part) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const limit = part.filename === undefined ? 1000 : MAX_IMPORT_BYTES;
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    }
    if (part.filename === undefined) return size <= limit ? Buffer.concat(chunks).toString("utf8") : undefined;
    if (part.name === "file" && size > 0) upload = { name: part.filename, bytes: size > limit ? new Uint8Array() : Buffer.concat(chunks), tooLarge: size > limit };
    return undefined;
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch {
    return data({ error: t("import.error.file_type"), encoding: "auto" as ImportEncoding }, { status: 400 });
  }
  const asked = String(form.get("encoding") ?? "auto");
  const encoding: ImportEncoding = (IMPORT_ENCODINGS as readonly string[]).includes(asked) ? (asked as ImportEncoding) : "auto";
  const file = upload as { name: string; bytes: Uint8Array; tooLarge: boolean } | null;
  if (!file) return data({ error: t("import.error.file_type"), encoding }, { status: 400 });
  if (file.tooLarge) return data({ error: t("import.error.file_bytes", { max: MAX_IMPORT_BYTES / 1024 / 1024 }), encoding }, { status: 413 });
  try {
    const id = await startImport(
      await getEm(),
      user,
      { name: file.name, bytes: file.bytes },
      { encoding, now: requestNow(request) },
    );
    return redirect(`/employees/import/${id}`);
  } catch (error) {
    if (error instanceof ImportFileError) return data({ error: error.message, encoding }, { status: 400 });
    if (error instanceof ForbiddenError) throw new Response(null, { status: 403 });
    throw error;
  }
}

export default function EmployeeImport() {
  const reply = useActionData<typeof action>();
  const { encodings } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("import.title")}</h1>
      <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <p className="text-sm text-gray-700">{t("import.intro")}</p>
        <p>
          <a href="/employees/import/template" className="btn btn-secondary" download>
            {t("import.template")}
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className="space-y-3">
          <div>
            <label htmlFor="import-file" className="field-label">
              {t("import.file")}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              required
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              aria-describedby={reply?.error ? "import-file-hint import-file-error" : "import-file-hint"}
              aria-invalid={reply?.error ? true : undefined}
            />
            <p id="import-file-hint" className="mt-1 text-xs text-gray-600">
              {t("import.file_hint")}
            </p>
            {reply?.error && (
              <p id="import-file-error" className="field-error" role="alert">
                {reply.error}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="import-encoding" className="field-label">
              {t("import.encoding")}
            </label>
            <select id="import-encoding" name="encoding" defaultValue={reply?.encoding ?? "auto"} className="field-input">
              {encodings.map((e) => (
                <option key={e} value={e}>
                  {t(`import.encoding.${e}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            {t("import.upload")}
          </button>
        </Form>
      </div>
      <p>
        <Link to="/employees" className="btn-link text-sm">
          ← {t("import.back")}
        </Link>
      </p>
    </div>
  );
}
