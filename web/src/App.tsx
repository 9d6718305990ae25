import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { SignInPage } from "./features/auth/SignInPage";
import { BoardPage } from "./features/board/BoardPage";
import { HomePage } from "./features/home/HomePage";
import { Layout, NotFound } from "./shared/Layout";
import { SessionProvider } from "./shared/session";
import { Loading } from "./shared/ui";

// Everything but sign-in, home and the team board loads on demand, so the board stays small.
const ModerationPage = lazy(() => import("./features/moderation/ModerationPage"));
const PresentPage = lazy(() => import("./features/present/PresentPage"));
const AdminApp = lazy(() => import("./features/admin/AdminApp"));
const PulseDashboard = lazy(() => import("./features/pulse/PulseDashboard"));
const AccountPage = lazy(() => import("./features/account/AccountPage"));

export function App() {
  return (
    <SessionProvider fallback={<Loading label="Loading Team Q&A…" />}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/:teamSlug/open/present" element={<PresentPage />} />
          <Route element={<Layout />}>
            <Route index element={<HomePage />} />
            <Route path="login" element={<SignInPage />} />
            <Route path="moderation/queue" element={<ModerationPage />} />
            <Route path="admin/*" element={<AdminApp />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="pulse" element={<PulseDashboard />} />
            <Route path="pulse/dashboard" element={<PulseDashboard />} />
            <Route path=":teamSlug" element={<BoardPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </SessionProvider>
  );
}
