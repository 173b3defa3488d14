# One static server per frontend: build the app (APP=shell or mfe-admin), serve it with nginx.
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund --no-save && npm run build --workspace ${APP}

FROM nginx:1.27-alpine
ARG APP
RUN rm -f /etc/nginx/conf.d/default.conf
COPY gateway/static.conf.template /etc/nginx/templates/static.conf.template
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
EXPOSE 80
