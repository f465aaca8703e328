// Placeholder replaced by the database harness (see tests/support/db.ts).
export default async function setup() {}
