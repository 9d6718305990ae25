import { describe, expect, it } from "vitest";
import { githubIdentity, googleIdentity } from "../../src/modules/auth/auth.oauth.profiles.js";

describe("provider profiles become identities with a verified email", () => {
  const github = { id: 42, login: "octocat", name: "The Octocat", email: null, avatar_url: "https://avatars.githubusercontent.com/u/42" };

  it("GitHub: the public email when GitHub lists it as verified", () => {
    const identity = githubIdentity({ ...github, email: "Public@Example.org" }, [
      { email: "primary@example.org", primary: true, verified: true },
      { email: "public@example.org", primary: false, verified: true },
    ]);
    expect(identity).toEqual({
      provider: "github",
      providerUserId: "42",
      email: "public@example.org",
      name: "The Octocat",
      avatarUrl: "https://avatars.githubusercontent.com/u/42",
    });
  });

  it("GitHub: an unverified public email is passed over for the verified primary", () => {
    const identity = githubIdentity({ ...github, email: "claimed@example.org" }, [
      { email: "claimed@example.org", primary: false, verified: false },
      { email: "primary@example.org", primary: true, verified: true },
    ]);
    expect(identity?.email).toBe("primary@example.org");
  });

  it("GitHub: no verified primary and no verified public email means no identity", () => {
    expect(githubIdentity(github, [{ email: "primary@example.org", primary: true, verified: false }])).toBeNull();
    expect(githubIdentity(github, [])).toBeNull();
    expect(githubIdentity(github, null)).toBeNull();
  });

  it("GitHub: when the email list could not be read, the public email (always verified on GitHub) still counts", () => {
    expect(githubIdentity({ ...github, email: "public@example.org" }, null)?.email).toBe("public@example.org");
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
      name: "Grace Hopper",
      avatarUrl: "https://lh3.example.org/p.jpg",
    });
    expect(googleIdentity({ ...json, email_verified: "true" })?.email).toBe("grace@example.org");
    expect(googleIdentity({ ...json, email_verified: false })).toBeNull();
    expect(googleIdentity({ ...json, email_verified: undefined })).toBeNull();
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
