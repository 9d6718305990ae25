import express, { Router } from "express";
import swaggerUiDist from "swagger-ui-dist";

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Team Q&amp;A API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });`;

/**
 * /openapi.json (the HTTP API), /asyncapi.json (the live events) and a Swagger UI at /docs;
 * scripts are files (no inline script) to keep the CSP strict.
 */
export function docsRouter(documents: { openApi: () => unknown; asyncApi: () => unknown }): Router {
  const router = Router();
  router.get("/openapi.json", (_req, res) => {
    res.json(documents.openApi());
  });
  router.get("/asyncapi.json", (_req, res) => {
    res.json(documents.asyncApi());
  });
  router.get(["/docs", "/docs/"], (_req, res) => {
    res.type("html").send(DOCS_PAGE);
  });
  router.get("/docs/init.js", (_req, res) => {
    res.type("application/javascript").send(INIT_SCRIPT);
  });
  router.use("/docs/assets", express.static(swaggerUiDist.getAbsoluteFSPath(), { index: false, maxAge: "1d" }));
  return router;
}
