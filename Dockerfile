# One image for every Plática service; the command chooses the app and what it does:
#   node dist/apps/<service>/src/main.js           serve (HTTP health, NATS handlers, Temporal worker)
#   node dist/apps/<service>/src/main.js migrate   apply the service's committed migrations, then exit
# <service> is one of: gateway, messaging, chat, agents, tools, campaigns, webhook-dispatcher.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Dependencies first, so that a source change reuses this layer. `npm install` with the
# committed lockfile rather than `npm ci` (docs/development.md › The toolchain: the lockfile lacks some platforms'
# optional binaries, which `npm ci` refuses).
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# swc compiles apps/ and libs/ to dist/ and prebuilds the workflow bundle; then the dev
# dependencies (swc, jest, nx, eslint…) go, and tools/slim-node-modules.mjs removes what the
# runtime never loads (Temporal's bundler and its webpack/swc, other platforms' native bridges,
# type declarations and source maps): what remains is what the runtime stage copies.
RUN node tools/build.mjs \
 && npm prune --omit=dev --no-audit --no-fund \
 && node tools/slim-node-modules.mjs /app

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PLATICA_ENV=production \
    PLATICA_HTTP_HOST=0.0.0.0
WORKDIR /app
# Owned by root and only readable by the service user: the running code cannot rewrite itself.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
# The gateway's port; the other services listen on PLATICA_HTTP_PORT (defaults 8081-8086).
EXPOSE 8080
CMD ["node", "dist/apps/gateway/src/main.js"]
