import { useEffect, useState } from "react";
import { NavLink, Route, Routes, useLocation } from "react-router";
import { NotFound, RequireRole } from "../../shared/Layout";
import { useSession } from "../../shared/session";
import { useTitle } from "../../shared/ui";
import { useMediaQuery } from "../../shared/useMediaQuery";
import { AuditPage } from "./AuditPage";
import { EmailPanel } from "./EmailPanel";
import { ExportPanel } from "./ExportPanel";
import { HealthPage } from "./HealthPage";
import { IntegrationsPanel } from "./IntegrationsPanel";
import { PulseAdminPanel } from "./PulseAdminPanel";
import { ScimPanel } from "./ScimPanel";
import { SettingsPanel } from "./SettingsPanel";
import { SignInPanel } from "./SignInPanel";
import { TagsPanel } from "./TagsPanel";
import { TeamsPanel } from "./TeamsPanel";
import { UsersPanel } from "./UsersPanel";

const SECTIONS = [
  { path: "", label: "Settings" },
  { path: "users", label: "Users" },
  { path: "teams", label: "Teams and members" },
  { path: "tags", label: "Tags" },
  { path: "pulse", label: "Pulse" },
  { path: "email", label: "Email" },
  { path: "sign-in", label: "Company sign-in" },
  { path: "provisioning", label: "Provisioning (SCIM)" },
  { path: "integrations", label: "Integrations" },
  { path: "data-export", label: "Data export" },
  { path: "audit", label: "Audit log" },
  { path: "health", label: "Health" },
];

/** The admin panel (admin and owner). A moderator's admin access is the moderation queue only (SPEC). */
export default function AdminApp() {
  const { me } = useSession();
  useTitle("Admin");
  if (me?.user.role === "moderator") {
    return (
      <section className="card narrow">
        <h1>Admin</h1>
        <p>
          As a moderator, your admin access is the <NavLink to="/moderation/queue">moderation queue</NavLink>.
        </p>
      </section>
    );
  }
  return (
    <RequireRole min="admin">
      <div className="admin-layout">
        <AdminNav />
        <div className="admin-content">
          <Routes>
            <Route index element={<SettingsPanel />} />
            <Route path="users" element={<UsersPanel />} />
            <Route path="teams" element={<TeamsPanel />} />
            <Route path="tags" element={<TagsPanel />} />
            <Route path="pulse" element={<PulseAdminPanel />} />
            <Route path="email" element={<EmailPanel />} />
            <Route path="sign-in" element={<SignInPanel />} />
            <Route path="provisioning" element={<ScimPanel />} />
            <Route path="integrations" element={<IntegrationsPanel />} />
            <Route path="data-export" element={<ExportPanel />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="health" element={<HealthPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </div>
      </div>
    </RequireRole>
  );
}

function SectionLinks() {
  return (
    <nav aria-label="Admin sections" className="admin-nav">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink to={`/admin${section.path ? `/${section.path}` : ""}`} end>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The sections beside the page on a computer; on a phone one line that opens, so the page itself comes first. */
function AdminNav() {
  const narrow = useMediaQuery("(max-width: 50rem)");
  const location = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.pathname]);
  if (!narrow) {
    return (
      <div className="card admin-nav-card">
        <SectionLinks />
      </div>
    );
  }
  const current = SECTIONS.find((section) => location.pathname.replace(/\/+$/, "") === `/admin${section.path ? `/${section.path}` : ""}`);
  return (
    <details className="card admin-nav-menu" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Admin: {current?.label ?? "sections"}</summary>
      <SectionLinks />
    </details>
  );
}
