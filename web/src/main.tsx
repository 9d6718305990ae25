import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { cachedBranding } from "./shared/session";
import { applyBranding } from "./shared/theme";
import "./styles.css";

// The last tenant theme seen in this browser, before the first paint: no flash of the default.
applyBranding(cachedBranding());

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
