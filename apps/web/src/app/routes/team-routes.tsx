import { useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/index.ts';
import { InvitePage } from '../../features/team/pages/invite-page.tsx';
import { MemberCardsPage } from '../../features/team/pages/member-cards-page.tsx';
import { MemberEditPage } from '../../features/team/pages/member-edit-page.tsx';
import { MembersListPage } from '../../features/team/pages/members-list-page.tsx';
import { ProfilePage } from '../../features/team/pages/profile-page.tsx';

/** The team's screens (issue 10), composed with the signed-in user (auth). */
export function TeamListRoute() {
  const { user } = useAuth();
  return <MembersListPage isAdmin={user?.role === 'admin'} currentUserId={user?.id} />;
}

export function TeamCardsRoute() {
  return <MemberCardsPage />;
}

export function TeamInviteRoute() {
  return <InvitePage />;
}

export function TeamEditRoute() {
  const { id = '' } = useParams();
  return <MemberEditPage key={id} id={id} />;
}

export function TeamProfileRoute() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const member = params.get('member');
  return <ProfilePage memberId={member && member !== user?.id ? member : null} />;
}
