import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '../../../../components/visually-hidden.ts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { personStages, type Company, type Person, type PersonStage } from '@beacon/contract';
import { ChevronDownIcon, ClockIcon, MailIcon } from '../../../../components/icons.tsx';
import { PhoneIcon } from '../../../../components/shell-icons.tsx';
import { paths } from '../../../../utils/paths.ts';
import { fullName, initials, localTime } from '../utils/format.ts';
import { StageLabel } from '../../table/stage-label.tsx';
import { CopyButton } from './copy-button.tsx';
import { AddToListButton, DeleteRecordButton, RecordAvatar } from './record-header-parts.tsx';
import { DownloadIcon } from '../../../../components/icons.tsx';

export interface PersonHeaderProps {
  person: Person;
  company: Company | null;
  ownerName: string | null;
  canEdit: boolean;
  onStage: (stage: PersonStage) => void;
  onAddToList: () => void;
  onVcard: () => void;
  onDelete: () => void;
}

/** The person's main facts and actions. */
export function PersonHeader({
  person,
  company,
  ownerName,
  canEdit,
  onStage,
  onAddToList,
  onVcard,
  onDelete,
}: PersonHeaderProps) {
  const { t, i18n } = useTranslation('records');
  const [stageMenu, setStageMenu] = useState<HTMLElement | null>(null);
  const now = useNow();
  const name = fullName(person) || t('person.unnamed');
  const companyName = company?.name ?? person.companyName;
  const time = localTime(person.timeZone, now, i18n.language);
  const phone = person.phones[0];
  // Why the person cannot be written to from here, if they cannot.
  const composeBlocked = !person.email
    ? t('actions.composeNoEmail')
    : person.consent.status === 'withdrawn'
      ? t('actions.composeConsentWithdrawn')
      : null;

  const companyLink = person.companyId ? (
    <Link component={RouterLink} to={`${paths.dashboard.companies}/${person.companyId}`}>
      {companyName}
    </Link>
  ) : null;

  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2.5}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <Stack direction="row" spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <RecordAvatar color="primary">{initials(name)}</RecordAvatar>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              <StageLabel stage={person.stage} label={t(`stages.${person.stage}`)} />
            </Stack>
            {(person.jobTitle || companyLink) && (
              <Typography sx={{ color: 'text.secondary', mt: 0.25 }}>
                {person.jobTitle && companyLink ? (
                  <>
                    {person.jobTitle} · {companyLink}
                  </>
                ) : (
                  person.jobTitle || companyLink
                )}
              </Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
              {t('hints.ownerLine', { name: ownerName ?? t('hints.noOwner') })}
            </Typography>
          </Box>
        </Stack>

        {canEdit && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant="outlined"
              color="inherit"
              endIcon={<ChevronDownIcon />}
              aria-haspopup="menu"
              onClick={(event) => setStageMenu(event.currentTarget)}
            >
              {t('actions.changeStage')}
            </Button>
            <Menu anchorEl={stageMenu} open={Boolean(stageMenu)} onClose={() => setStageMenu(null)}>
              {personStages.map((stage) => (
                <MenuItem
                  key={stage}
                  selected={stage === person.stage}
                  onClick={() => {
                    setStageMenu(null);
                    if (stage !== person.stage) onStage(stage);
                  }}
                >
                  {t(`stages.${stage}`)}
                </MenuItem>
              ))}
            </Menu>
            {composeBlocked ? (
              <Tooltip title={composeBlocked}>
                <span>
                  <Button
                    variant="contained"
                    startIcon={<MailIcon />}
                    disabled
                    aria-describedby="person-compose-reason"
                  >
                    {t('actions.composeEmail')}
                  </Button>
                  <Box component="span" id="person-compose-reason" sx={visuallyHidden}>
                    {composeBlocked}
                  </Box>
                </span>
              </Tooltip>
            ) : (
              <Button
                variant="contained"
                startIcon={<MailIcon />}
                component={RouterLink}
                to={{ search: composeSearch(person) }}
              >
                {t('actions.composeEmail')}
              </Button>
            )}
            <AddToListButton onClick={onAddToList} />
            <Tooltip title={t('actions.downloadVcard')}>
              <IconButton aria-label={t('actions.downloadVcard')} onClick={onVcard}>
                <DownloadIcon />
              </IconButton>
            </Tooltip>
            <DeleteRecordButton onClick={onDelete} />
          </Stack>
        )}
        {!canEdit && (
          <Tooltip title={t('actions.downloadVcard')}>
            <IconButton aria-label={t('actions.downloadVcard')} onClick={onVcard}>
              <DownloadIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack
        direction="row"
        sx={{ mt: 2, pl: { md: 10 }, columnGap: 3, rowGap: 1, flexWrap: 'wrap' }}
      >
        {person.email && (
          <Fact icon={<MailIcon fontSize="small" />}>
            <Link
              href={`mailto:${person.email}`}
              aria-label={t('actions.sendEmail', { email: person.email })}
            >
              {person.email}
            </Link>
            <CopyButton text={person.email} label={t('actions.copyEmail')} />
            {person.emailStatus === 'bounced' && (
              <Chip
                size="small"
                label={t('person.emailBounced')}
                sx={(theme) => ({
                  ml: 0.5,
                  fontWeight: 600,
                  // A tint with the dark (or, in dark mode, light) shade as text: readable.
                  bgcolor: alpha(
                    theme.palette.warning.main,
                    theme.palette.mode === 'dark' ? 0.2 : 0.14,
                  ),
                  color:
                    theme.palette.mode === 'dark'
                      ? theme.palette.warning.light
                      : theme.palette.warning.darker,
                })}
              />
            )}
          </Fact>
        )}
        {phone && (
          <Fact icon={<PhoneIcon fontSize="small" />}>
            <Link
              href={`tel:${phone.replace(/[^\d+]/g, '')}`}
              aria-label={t('actions.call', { phone })}
              dir="ltr"
            >
              {phone}
            </Link>
            <CopyButton text={phone} label={t('actions.copyPhone')} />
          </Fact>
        )}
        {person.timeZone && (
          <Fact icon={<ClockIcon fontSize="small" />}>
            <Typography variant="body2" component="span">
              {person.timeZone}
              {time && (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' · '}
                  {t('person.localTime', { time })}
                </Box>
              )}
            </Typography>
          </Fact>
        )}
      </Stack>
    </Card>
  );
}

/** The compose dialog's address (it opens on any dashboard page from `?compose=new`). */
function composeSearch(person: Person): string {
  const params = new URLSearchParams({ compose: 'new', to: person.email, personId: person.id });
  return `?${params.toString()}`;
}

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', minWidth: 0, color: 'text.secondary', typography: 'body2' }}
    >
      {icon}
      <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Stack>
    </Stack>
  );
}

/** The time now, updated every minute (for the person's local time). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
