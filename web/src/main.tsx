// First: starts the first screen's reads (index.html runs this module even earlier, ahead of this bundle).
import "./shared/prefetch";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { App } from "./App";
import { startColorScheme } from "./shared/ColorScheme";
import { cachedBranding } from "./shared/session";
import { applyBranding } from "./shared/theme";
import "./styles.css";

// The last tenant theme seen in this browser and the stored (or the device's) colour scheme,
// before the first render: no flash of the default theme, nor of white in dark mode.
applyBranding(cachedBranding());
startColorScheme();

// A data router (the App keeps its own <Routes>): it lets a form with unsaved changes hold a
// navigation inside the app until the person decides (useBlocker).
const router = createBrowserRouter([{ path: "*", element: <App /> }]);

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
