# One image for both roles: `npm run start:web` (default) or `npm run start:worker`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
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
CMD ["npm", "run", "start:web"]
