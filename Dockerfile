# syntax=docker/dockerfile:1

# --- build: install with npm 11 and build the UI and the self-contained server bundles ------------------------
# A glibc image on purpose: the `node` devDependency installs a glibc binary, which cannot run on alpine (musl).
FROM node:22-bookworm-slim AS build
WORKDIR /build
RUN npm install --global --no-audit --no-fund npm@11
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- switchyard-agent: `docker build --target switchyard-agent` (README, "Agents") ------------------------------
# The agent alone: one bundle (dist/agent.js, with the SNMP reader) on plain Node 22, as uid 1000. It connects out to
# the server and listens on nothing; its spool is the volume /agent/spool.
FROM node:22-alpine AS switchyard-agent
WORKDIR /agent
ENV NODE_ENV=production \
    AGENT_SPOOL_DIR=/agent/spool
COPY --from=build /build/dist/agent.js /build/dist/package.json ./
RUN mkdir -p /agent/spool && chown 1000:1000 /agent/spool
USER 1000:1000
VOLUME /agent/spool
ENTRYPOINT ["node", "/agent/agent.js"]

# --- runtime: plain Node 22 on alpine, the bundles and static files only (no node_modules) --------------------
# The last stage: what `docker build` without --target makes.
FROM node:22-alpine
RUN apk add --no-cache su-exec
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    DATABASE_URL=file:/app/data/db.sqlite \
    PUID=1000 \
    PGID=1000
COPY --from=build /build/package.json ./package.json
COPY --from=build /build/migrations ./migrations
COPY --from=build /build/public ./public
COPY --from=build /build/dist ./dist
# Litestream, for replication (LITESTREAM_REPLICA_URL; README, "Backups and replication"): the static binary of
# its official image, pinned to the version the @flydotio/litestream devDependency brings (npm run replicate).
COPY --from=litestream/litestream:0.3.13 /usr/local/bin/litestream /usr/local/bin/litestream
COPY docker/entrypoint.sh docker/litestream.yml ./docker/
# /app/data belongs to 1000:1000, so that a new named volume mounted there starts out writable by the default
# user. `switchyard` on PATH is the entrypoint, for `docker compose exec switchyard switchyard backup <file>`.
RUN chmod 755 /app/docker/entrypoint.sh \
 && ln -s /app/docker/entrypoint.sh /usr/local/bin/switchyard \
 && mkdir -p /app/data \
 && chown 1000:1000 /app/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD wget -q -O /dev/null "http://127.0.0.1:${PORT:-3000}/api/health" || exit 1
# Starts as root only to switch to PUID:PGID (default 1000:1000) with su-exec; the server never runs as root
# unless PUID=0 and PGID=0 ask for it.
ENTRYPOINT ["/app/docker/entrypoint.sh"]
