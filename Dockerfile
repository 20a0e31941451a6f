# Botdeck: the server, the built Mini App and the embedded database in one image.
#   docker build --build-arg VITE_API_TOKEN_SECRET=… --build-arg VITE_BOT_USERNAME=… -t botdeck .
#   docker run -p 8787:8787 -v botdeck-data:/data --env-file botdeck.env botdeck
# docs/deploying.md lists every variable; put TLS in front (Telegram opens Mini Apps over HTTPS).

FROM node:20-bookworm-slim AS build
WORKDIR /botdeck
COPY . .
# The Bearer secret and the bot's username are baked into the app at build time.
ARG VITE_API_TOKEN_SECRET
ARG VITE_BOT_USERNAME
ARG VITE_API_BASE_URL
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /botdeck
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787 BOTDECK_DATA_DIR=/data
COPY --from=build /botdeck/package.json ./
COPY --from=build /botdeck/node_modules ./node_modules
COPY --from=build /botdeck/packages/server/package.json ./packages/server/
COPY --from=build /botdeck/packages/server/dist ./packages/server/dist
COPY --from=build /botdeck/app/dist ./app/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8787
# The configuration is checked first: a missing or development setting stops the container
# with one line per problem instead of a server that half works.
CMD ["sh", "-c", "node packages/server/dist/main.js --check && exec node packages/server/dist/main.js"]
