import type { AdminUser } from '@cairn/shared';
import type { PersonRow } from './people.repo';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** A person as the admin API answers them. */
export function presentPerson(p: PersonRow): AdminUser {
  return {
    id: p.id,
    email: p.email,
    firstname: p.firstname,
    lastname: p.lastname,
    language: p.language,
    role: p.role,
    state: p.state,
    teams: p.teams,
    invited_at: p.state === 'invited' ? iso(p.invitedAt) : null,
    created_at: iso(p.createdAt) as string,
  };
}
