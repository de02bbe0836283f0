# Quire's server as a container image. Builds with Docker's legacy builder as well as BuildKit
# (no RUN --mount, no heredocs). See the README's "Install with Docker".
#
#   docker build -t quire .
#
# BASE_IMAGE: any Debian-based image with Node.js 24 and npm at /usr/local/bin.
ARG BASE_IMAGE=node:24-bookworm-slim

# ---- build: dependencies, then the web app, then the dependencies the server runs with ----
FROM ${BASE_IMAGE} AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
# The ONNX runtime ships every system's binaries; the image keeps Linux's.
RUN node server/build-web.ts \
 && npm prune --omit=dev \
 && rm -rf node_modules/.cache node_modules/onnxruntime-node/bin/napi-v*/darwin \
      node_modules/onnxruntime-node/bin/napi-v*/win32

# ---- runtime: Node.js, git and the server; no compiler, no package manager cache ----
FROM ${BASE_IMAGE}
# git serves the spaces' repositories over HTTP; tini reaps the git processes the server starts.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git tini ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system quire \
 && useradd --system --gid quire --home-dir /data --no-create-home --shell /usr/sbin/nologin quire \
 && mkdir -p /data \
 && chown quire:quire /data \
 && chmod 700 /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/resources ./resources
COPY --from=build /app/out/renderer ./out/renderer

ENV NODE_ENV=production \
    SERVICE_HOST=0.0.0.0 \
    SERVICE_PORT=8080 \
    SERVICE_DATA_DIR=/data \
    SERVICE_WEB_BUILD=false
USER quire
VOLUME ["/data"]
EXPOSE 8080
# The server stops within 9 s of SIGTERM, inside the 10 s that `docker stop` waits by default.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.SERVICE_PORT || 8080}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--"]
CMD ["node", "server/main.ts"]
