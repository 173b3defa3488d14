/**
 * The API reference page: reads the list of services (/api/docs/services.json, from
 * platform.json), fetches each service's own OpenAPI description through the gateway
 * (/api/docs/<service>.json, which each service generates from the zod schemas that validate its
 * routes), merges them into one document and hands it to Swagger UI. A plain script file, so the
 * gateway's strict Content-Security-Policy (no inline scripts) holds on this page too.
 */
/* global document, window */
(function () {
  'use strict';

  /** One OpenAPI 3.1 document from several (API prefixes are owned by one service each). */
  function mergeDescriptions(docs, title) {
    var merged = {
      openapi: '3.1.0',
      info: { title: title || 'TeamApp API', version: '1.0.0' },
      tags: [],
      paths: {},
      components: { schemas: {}, securitySchemes: {} },
    };
    docs.forEach(function (entry) {
      var doc = entry.document;
      merged.tags.push({ name: entry.service, description: doc.info && doc.info.title });
      Object.keys(doc.paths || {}).forEach(function (path) {
        merged.paths[path] = Object.assign({}, merged.paths[path], doc.paths[path]);
      });
      var components = doc.components || {};
      Object.assign(merged.components.schemas, components.schemas);
      Object.assign(merged.components.securitySchemes, components.securitySchemes);
    });
    return merged;
  }

  function fetchJson(url) {
    return fetch(url, { headers: { Accept: 'application/json' } }).then(function (res) {
      if (!res.ok) throw new Error(url + ' answered ' + res.status);
      return res.json();
    });
  }

  function boot() {
    var status = document.getElementById('api-docs-status');
    fetchJson('/api/docs/services.json')
      .then(function (services) {
        return Promise.all(
          services.map(function (service) {
            return fetchJson('/api/docs/' + service + '.json').then(
              function (description) {
                return { service: service, document: description };
              },
              function () {
                return null;
              },
            );
          }),
        );
      })
      .then(function (entries) {
        var found = entries.filter(Boolean);
        var missing = entries.length - found.length;
        status.textContent =
          missing > 0
            ? missing + ' service(s) did not answer; their routes are not shown.'
            : 'Every service described (' + found.length + ').';
        window.SwaggerUIBundle({
          spec: mergeDescriptions(found),
          dom_id: '#api-docs',
          deepLinking: true,
          tryItOutEnabled: false,
        });
      })
      .catch(function (err) {
        status.textContent = 'The API description could not be loaded: ' + err.message;
      });
  }

  if (typeof module === 'object' && module.exports) module.exports = { mergeDescriptions };
  else boot();
})();
