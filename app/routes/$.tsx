import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/ui/not-found";

/** Catch-all: a 404 with one of three random variants (the root error boundary renders it). */
export async function loader() {
  throw data(Math.floor(Math.random() * 3), { status: 404 });
}

export async function action() {
  throw data(Math.floor(Math.random() * 3), { status: 404 });
}

export default function CatchAll() {
  const variant = useLoaderData<typeof loader>() as unknown as number;
  return <NotFound variant={variant ?? 0} />;
}
