# syntax=docker/dockerfile:1
# Multi-stage production image: build the web app and the server, then ship only what runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# The service keeps little in memory; a bounded heap makes V8 collect before RSS grows (bench/README.md, exports).
ENV NODE_ENV=production PORT=3000 NODE_OPTIONS=--max-old-space-size=512
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/src/main.js"]
