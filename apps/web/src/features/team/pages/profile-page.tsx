import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import {
  MEMBER_ABOUT_MAX,
  MEMBER_TITLE_MAX,
  MEMBER_IMAGE_MAX_BYTES,
  MEMBER_IMAGE_TYPES,
  type MemberProfile,
} from '@beacon/contract';
import { AvatarUpload } from '../../../components/avatar-upload.tsx';
import { UploadIcon } from '../../../components/icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import {
  uploadMyImage,
  useMyProfileQuery,
  useRemoveMyImageMutation,
} from '../../../lib/members-api.ts';
import type { AppDispatch } from '../../../lib/store.ts';
import {
  teamApi,
  useMemberActivityQuery,
  useMemberQuery,
  useUpdateMyProfileMutation,
} from '../api/team-api.ts';
import { MemberCover } from '../components/member-cover.tsx';
import { Label, roleColor } from '../components/team-header.tsx';
import { formatWhen, fullName, relativeTime, teamErrorText } from '../utils/format.ts';

/**
 * `/dashboard/user` and `/dashboard/user/profile`: a member's profile (the caller's own, or
 * `?member=` another's): cover and avatar, title, about, time zone and their recent activity.
 * One's own profile is edited in place.
 */
export function ProfilePage({ memberId }: { memberId: string | null }) {
  const { t } = useTranslation('team');
  const mine = useMyProfileQuery(undefined, { skip: memberId !== null });
  const other = useMemberQuery(memberId ?? '', { skip: memberId === null });
  const profile = memberId === null ? mine : other;
  const own = memberId === null || (mine.data?.id ?? null) === memberId;
  return (
    <Stack spacing={3}>
      <PageTitle title={t('profile.title')} />
      {profile.error && !profile.data ? (
        <Alert severity="error">{teamErrorText(t, profile.error)}</Alert>
      ) : !profile.data ? (
        <Box role="status" aria-label={t('loading')}>
          <Skeleton variant="rounded" height={280} />
        </Box>
      ) : (
        <ProfileView profile={profile.data} own={own} />
      )}
    </Stack>
  );
}

function ProfileView({ profile, own }: { profile: MemberProfile; own: boolean }) {
  const { t, i18n } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const dispatch = useDispatch<AppDispatch>();
  const [removeImage] = useRemoveMyImageMutation();
  const refresh = () => dispatch(teamApi.util.invalidateTags(['Team']));

  const upload = async (kind: 'avatar' | 'cover', file: File) => {
    await uploadMyImage(kind, file);
    refresh();
    enqueueSnackbar(t('profile.imageSaved'));
  };

  return (
    <>
      <Card>
        <MemberCover address={profile.coverUrl} height={200}>
          {own && <CoverButton onUpload={(file) => upload('cover', file)} />}
        </MemberCover>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ px: 3, pb: 3, alignItems: { xs: 'center', md: 'flex-end' } }}
        >
          <Box sx={{ mt: -6, bgcolor: 'background.paper', borderRadius: '50%', p: 0.5 }}>
            {own ? (
              <AvatarUpload
                member={profile}
                size={112}
                onUpload={(file) => upload('avatar', file)}
                onRemove={async () => {
                  await removeImage('avatar').unwrap();
                }}
                errorText={(error) => teamErrorText(t, error)}
              />
            ) : (
              <MemberAvatar member={profile} size={112} />
            )}
          </Box>
          <Box sx={{ flex: 1, textAlign: { xs: 'center', md: 'start' }, pb: { md: 7 } }}>
            <Typography component="h1" variant="h4">
              {fullName(profile)}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {profile.title ?? t('profile.noTitle')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ pb: { md: 7 } }}>
            <Label color={roleColor[profile.role]} label={t(`roles.${profile.role}`)} />
            {profile.status === 'disabled' && (
              <Label color="warning" label={t('status.disabled')} />
            )}
          </Stack>
        </Stack>
      </Card>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <AboutCard profile={profile} own={own} />
          <Card>
            <CardHeader
              title={
                <Typography component="h2" variant="h6">
                  {t('profile.details')}
                </Typography>
              }
            />
            <Stack spacing={1.5} sx={{ px: 3, pb: 3 }}>
              <Detail label={t('fields.email')} value={profile.email} />
              <Detail label={t('fields.timeZone')} value={profile.timeZone ?? 'UTC'} />
              <Detail
                label={t('profile.joined')}
                value={formatWhen(profile.createdAt, i18n.language)}
              />
              <Detail
                label={t('fields.lastActive')}
                value={
                  profile.lastActiveAt
                    ? relativeTime(profile.lastActiveAt, i18n.language)
                    : t('list.never')
                }
              />
            </Stack>
          </Card>
        </Stack>
        <ActivityCard memberId={profile.id} />
      </Box>
    </>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

function CoverButton({ onUpload }: { onUpload: (file: File) => Promise<void> }) {
  const { t } = useTranslation('team');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack
      spacing={1}
      sx={{ position: 'absolute', top: 16, insetInlineEnd: 16, alignItems: 'flex-end' }}
    >
      <Button
        component="label"
        size="small"
        variant="contained"
        color="inherit"
        startIcon={<UploadIcon />}
        loading={busy}
        sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
      >
        {t('profile.changeCover')}
        <input
          type="file"
          hidden
          accept={MEMBER_IMAGE_TYPES.join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (file.size > MEMBER_IMAGE_MAX_BYTES) {
              setError(t('errors.tooLarge'));
              return;
            }
            setBusy(true);
            setError(null);
            onUpload(file)
              .catch((failure: unknown) => setError(teamErrorText(t, failure)))
              .finally(() => setBusy(false));
          }}
        />
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function AboutCard({ profile, own }: { profile: MemberProfile; own: boolean }) {
  const { t } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(profile.title ?? '');
  const [about, setAbout] = useState(profile.about ?? '');
  const [save, saving] = useUpdateMyProfileMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    try {
      await save({ title: title.trim() || null, about: about.trim() || null }).unwrap();
      setEditing(false);
      enqueueSnackbar(t('profile.saved'));
    } catch (error) {
      setFailure(teamErrorText(t, error));
    }
  };

  return (
    <Card>
      <CardHeader
        title={
          <Typography component="h2" variant="h6">
            {t('profile.about')}
          </Typography>
        }
        action={
          own &&
          !editing && (
            <Button size="small" onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </Button>
          )
        }
      />
      <Box sx={{ px: 3, pb: 3 }}>
        {editing ? (
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label={t('fields.title')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              slotProps={{ htmlInput: { maxLength: MEMBER_TITLE_MAX } }}
            />
            <TextField
              label={t('profile.about')}
              value={about}
              multiline
              minRows={3}
              onChange={(event) => setAbout(event.target.value)}
              slotProps={{ htmlInput: { maxLength: MEMBER_ABOUT_MAX } }}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button color="inherit" onClick={() => setEditing(false)}>
                {t('cancel')}
              </Button>
              <Button variant="contained" loading={saving.isLoading} onClick={() => void submit()}>
                {t('save')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Typography
            sx={{
              whiteSpace: 'pre-wrap',
              color: profile.about ? 'text.primary' : 'text.secondary',
            }}
            dir="auto"
          >
            {profile.about ?? t('profile.noAbout')}
          </Typography>
        )}
      </Box>
    </Card>
  );
}

const subjectPath = { person: 'people', company: 'companies', deal: 'deals' } as const;

function ActivityCard({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation('team');
  const activity = useMemberActivityQuery(memberId);
  return (
    <Card>
      <CardHeader
        title={
          <Typography component="h2" variant="h6">
            {t('profile.activity')}
          </Typography>
        }
      />
      {activity.error && !activity.data ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {teamErrorText(t, activity.error)}
        </Alert>
      ) : !activity.data ? (
        <Box role="status" aria-label={t('loading')} sx={{ px: 3, pb: 3 }}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Box>
      ) : activity.data.length === 0 ? (
        <Typography sx={{ px: 3, pb: 3, color: 'text.secondary' }}>
          {t('profile.noActivity')}
        </Typography>
      ) : (
        <List sx={{ pt: 0 }}>
          {activity.data.map((entry) => (
            <ListItem key={entry.id} divider>
              <ListItemText
                primary={
                  <>
                    {t(`activityKinds.${entry.kind}`, { defaultValue: t('activityKinds.other') })}{' '}
                    <Link
                      component={RouterLink}
                      to={`/dashboard/${subjectPath[entry.subjectType]}/${entry.subjectId}`}
                      dir="auto"
                    >
                      {entry.subjectName || t('profile.unnamed')}
                    </Link>
                  </>
                }
                secondary={relativeTime(entry.createdAt, i18n.language)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}
