import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ChatParticipant, ChatPresence } from '@beacon/contract';
import { MemberAvatar } from '../../../components/member-avatar.tsx';

const colors: Record<ChatPresence, string> = {
  online: 'success.main',
  away: 'warning.main',
  offline: 'grey.500',
};

/** A member's presence as a dot (its meaning is said in words next to it or in its label). */
export function PresenceDot({ status, label }: { status: ChatPresence; label?: string }) {
  return (
    <Box
      component="span"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: colors[status],
        border: 2,
        borderColor: 'background.paper',
        boxSizing: 'content-box',
      }}
    />
  );
}

/** A conversation's title: a group's name, else the other members' names. */
export function conversationTitle(
  conversation: { type: string; name: string; participants: ChatParticipant[] },
  myId: string,
  t: TFunction<'chat'>,
): string {
  if (conversation.type === 'group' && conversation.name) return conversation.name;
  const names = conversation.participants.filter((p) => p.id !== myId).map((p) => p.name);
  return names.length ? names.join(', ') : t('list.onlyYou');
}

/** A member's initials on a colour dark enough for white text (WCAG AA). */
export const avatarSx = { bgcolor: 'grey.600', color: 'common.white' } as const;

/**
 * A member's avatar in the chat: their picture when they have one (the team's `avatarUrl`), else
 * their initials, as the team's screens draw it (components/member-avatar.tsx).
 */
export function ChatAvatar({
  person,
  size = 40,
  hidden = false,
  sx,
}: {
  person: { name: string; email?: string; avatarUrl: string | null };
  size?: number;
  /** Keeps its place but is not shown (a run of one sender's messages). */
  hidden?: boolean;
  sx?: SxProps<Theme>;
}) {
  const [firstName = '', ...rest] = person.name.trim().split(/\s+/);
  return (
    <MemberAvatar
      member={{
        firstName,
        lastName: rest.at(-1) ?? '',
        email: person.email,
        avatarUrl: person.avatarUrl,
      }}
      size={size}
      aria-hidden={hidden || undefined}
      sx={[{ visibility: hidden ? 'hidden' : 'visible' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
