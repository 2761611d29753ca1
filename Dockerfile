FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared-types/package.json shared-types/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000
COPY --from=build /app /app
EXPOSE 3000
# The supervisor restarts a crashed server inside the container within about a second; it forwards
# `docker stop`'s SIGTERM for a graceful shutdown. If the server keeps crashing at boot the supervisor
# gives up and exits, and compose's `restart: unless-stopped` takes over (with Docker's own backoff).
CMD ["node", "scripts/supervise.mjs", "backend/dist/index.js"]
