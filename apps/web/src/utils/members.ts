import type { Member } from '@beacon/contract';

/** A member's full name, or their email when they gave none. */
export function memberName(member: Pick<Member, 'firstName' | 'lastName' | 'email'>): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/** One or two capitals for an avatar: of the name, else of the email. */
export function memberInitials(member: Pick<Member, 'firstName' | 'lastName' | 'email'>): string {
  const initials = `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.trim();
  return (initials || member.email.charAt(0)).toUpperCase();
}
