import type { UserRecord } from "./users.repository.js";
import type { UserView } from "./users.schemas.js";

export function presentUser(user: UserRecord): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    primaryTeamId: user.primaryTeamId,
    avatarUrl: user.avatarUrl,
    deactivated: user.deactivatedAt !== null,
    createdAt: user.createdAt,
  };
}
