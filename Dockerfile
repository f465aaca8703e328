# One image for both roles: the web (default CMD) or the worker (`node --import tsx worker/index.ts` as the command).
# Node itself is PID 1, in exec form, never behind npm or a shell (decision 0095): SIGTERM reaches it, the web drains
# its requests and the worker finishes its jobs before exiting (`docker stop` waits 10 s: give it more with -t or
# compose's stop_grace_period if your exports run longer).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Our few dependency patches (patch-package, run by npm ci's postinstall): see patches/ and decision 0062.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
RUN useradd --system --uid 10001 cadran
COPY --from=build --chown=cadran /app /app
USER cadran
EXPOSE 3000
# GET /healthz?part=web: database, migrations and Redis (decision 0050); node's own fetch, no curl in the image.
# The worker's heartbeat is in the full /healthz, for monitoring; a worker container serves no HTTP: run it with
# --no-healthcheck (compose: healthcheck: { disable: true }).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz?part=web').then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "scripts/serve.ts"]
