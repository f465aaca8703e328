import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageRuleFor } from "~/domain/access";
import { pagePath, requireUser } from "~/server/auth.server";
import { NotFound } from "~/ui/not-found";

/**
 * Catch-all: a 404 with one of three random variants (the root error boundary renders it). A path the rights
 * table knows (a screen, or an unknown id under one) is guarded first, so rights hold even where no page answers.
 */
async function notFound(request: Request): Promise<never> {
  const rule = pageRuleFor(pagePath(request));
  if (rule && rule.rights !== "public") await requireUser(request);
  throw data(Math.floor(Math.random() * 3), { status: 404 });
}

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: LoaderFunctionArgs) => notFound(request);

export default function CatchAll() {
  const variant = useLoaderData<typeof loader>() as unknown as number;
  return <NotFound variant={variant ?? 0} />;
}
