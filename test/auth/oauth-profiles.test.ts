import { describe, expect, it } from "vitest";
import { githubIdentity, googleIdentity } from "../../src/modules/auth/auth.oauth.profiles.js";

describe("provider profiles become identities with a verified email", () => {
  const github = { id: 42, login: "octocat", name: "The Octocat", email: null, avatar_url: "https://avatars.githubusercontent.com/u/42" };

  it("GitHub: the verified primary first, then the other verified addresses in GitHub's order", () => {
    const identity = githubIdentity({ ...github, email: "Public@Example.org" }, [
      { email: "public@example.org", primary: false, verified: true },
      { email: "unverified@example.org", primary: false, verified: false },
      { email: "Primary@Example.org", primary: true, verified: true },
      { email: "work@example.org", primary: false, verified: true },
    ]);
    expect(identity).toEqual({
      provider: "github",
      providerUserId: "42",
      email: "primary@example.org",
      verifiedEmails: ["primary@example.org", "public@example.org", "work@example.org"],
      name: "The Octocat",
      avatarUrl: "https://avatars.githubusercontent.com/u/42",
    });
  });

  it("GitHub: an unverified primary is passed over for a verified address", () => {
    const identity = githubIdentity({ ...github, email: "claimed@example.org" }, [
      { email: "claimed@example.org", primary: true, verified: false },
      { email: "other@example.org", primary: false, verified: "true" },
      { email: "second@example.org", primary: false, verified: true },
    ]);
    expect(identity).toMatchObject({ email: "second@example.org", verifiedEmails: ["second@example.org"] });
  });

  it("GitHub: the profile's public email never counts on its own: an empty, unverified or unread list means no identity", () => {
    const profile = { ...github, email: "public@example.org" };
    expect(githubIdentity(profile, [{ email: "public@example.org", primary: true, verified: false }])).toBeNull();
    expect(githubIdentity(profile, [])).toBeNull();
    expect(githubIdentity(profile, null)).toBeNull();
    expect(githubIdentity(profile, [null, "public@example.org", { email: "not an email", verified: true }])).toBeNull();
  });

  it("GitHub: name falls back to the login, then the email's local part; malformed ids and avatars are refused", () => {
    const emails = [{ email: "me@example.org", primary: true, verified: true }];
    expect(githubIdentity({ ...github, name: "  " }, emails)?.name).toBe("octocat");
    expect(githubIdentity({ id: 7, login: "", name: null }, emails)?.name).toBe("me");
    expect(githubIdentity({ ...github, id: undefined }, emails)).toBeNull();
    expect(githubIdentity({ ...github, avatar_url: "javascript:alert(1)" }, emails)?.avatarUrl).toBeNull();
    expect(githubIdentity({ ...github, name: "x".repeat(500) }, emails)?.name).toHaveLength(200);
  });

  it("Google: the email only when email_verified; sub is the account id", () => {
    const json = { sub: "1098", name: "Grace Hopper", email: "Grace@Example.org", email_verified: true, picture: "https://lh3.example.org/p.jpg" };
    expect(googleIdentity(json)).toEqual({
      provider: "google",
      providerUserId: "1098",
      email: "grace@example.org",
      verifiedEmails: ["grace@example.org"],
      name: "Grace Hopper",
      avatarUrl: "https://lh3.example.org/p.jpg",
    });
    expect(googleIdentity({ ...json, email_verified: "true" })?.email).toBe("grace@example.org");
    expect(googleIdentity({ ...json, email_verified: false })).toBeNull();
    expect(googleIdentity({ ...json, email_verified: undefined })).toBeNull();
    expect(googleIdentity({ ...json, email_verified: "false" })).toBeNull();
    expect(googleIdentity({ ...json, email_verified: 1 })).toBeNull();
    expect(googleIdentity({ ...json, email: "not an email" })).toBeNull();
    expect(googleIdentity({ ...json, sub: undefined })).toBeNull();
  });

  it("Google: name from given and family names when there is no full name", () => {
    const json = { sub: "1", email: "ada@example.org", email_verified: true, given_name: "Ada", family_name: "Lovelace" };
    expect(googleIdentity(json)?.name).toBe("Ada Lovelace");
    expect(googleIdentity({ sub: "2", email: "solo@example.org", email_verified: true })?.name).toBe("solo");
  });

  it("a profile name is saved as written names are (CONTRACT §3): no bidi controls, and one with nothing visible is passed over", () => {
    const emails = [{ email: "me@example.com", primary: true, verified: true }];
    // U+202E would reverse what the board shows after the name.
    expect(githubIdentity({ ...github, name: "Mallory \u202Egnp.exe" }, emails)?.name).toBe("Mallory gnp.exe");
    expect(githubIdentity({ ...github, name: "\u200B\u2800\u3164" }, emails)?.name).toBe("octocat");
    expect(githubIdentity({ ...github, name: "\u2066\u2069", login: "\u200D" }, emails)?.name).toBe("me");
    expect(githubIdentity({ ...github, name: "Ann\nSmith" }, emails)?.name).toBe("Ann Smith");
    const google = { sub: "3", email: "grace@example.org", email_verified: true };
    expect(googleIdentity({ ...google, name: "\u200B\u200B", given_name: "Grace", family_name: "H\u202Eopper" })?.name).toBe("Grace Hopper");
    expect(googleIdentity({ ...google, name: "\u2800", given_name: "\u3164" })?.name).toBe("grace");
  });
});
