import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CHAT_GROUP_MAX_MEMBERS, CHAT_GROUP_NAME_MAX, type ChatContact } from '@beacon/contract';
import { areaErrorText } from '../../../utils/area-error.ts';
import { paths } from '../../../utils/paths.ts';
import { useChatContactsQuery, useChatStartMutation } from '../api/chat-api.ts';
import { ChatAvatar, PresenceDot } from './presence.tsx';

/**
 * `/dashboard/chat/new`: pick members. One member opens your direct conversation with them (the
 * one you already have, if any); more start a group, which may have a name.
 */
export function NewConversation({ myId }: { myId: string }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const contacts = useChatContactsQuery();
  const [picked, setPicked] = useState<ChatContact[]>([]);
  const [name, setName] = useState('');
  const [start, { isLoading, error }] = useChatStartMutation();
  const options = (contacts.data ?? []).filter((c) => c.id !== myId);
  const group = picked.length > 1;

  const submit = async () => {
    if (picked.length === 0) return;
    const result = await start({
      participantIds: picked.map((c) => c.id),
      group,
      name: group ? name.trim() : '',
    });
    if ('data' in result && result.data) {
      void navigate(`${paths.dashboard.chat}/${result.data.id}`, { replace: true });
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}
    >
      <Typography variant="h6" component="h2">
        {t('new.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('new.help')}
      </Typography>
      {contacts.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void contacts.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('errors.loadContacts')}
        </Alert>
      )}
      {!contacts.data && !contacts.isError ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <Autocomplete
          multiple
          options={options}
          value={picked}
          onChange={(_e, value) => setPicked(value.slice(0, CHAT_GROUP_MAX_MEMBERS))}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('new.noContacts')}
          renderOption={({ key, ...props }, c) => (
            <li key={key} {...props}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%' }}>
                <Badge
                  overlap="circular"
                  anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                  badgeContent={<PresenceDot status={c.status} label={t(`presence.${c.status}`)} />}
                >
                  <ChatAvatar person={c} size={32} />
                </Badge>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    {c.name}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                    {c.email}
                  </Typography>
                </Box>
              </Box>
            </li>
          )}
          renderValue={(value, getItemProps) =>
            value.map((c, index) => {
              const { key, ...props } = getItemProps({ index });
              return <Chip key={key} label={c.name} size="small" {...props} />;
            })
          }
          renderInput={(params) => (
            <TextField {...params} label={t('new.members')} placeholder={t('new.search')} />
          )}
        />
      )}
      {group && (
        <TextField
          label={t('new.groupName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: CHAT_GROUP_NAME_MAX } }}
          helperText={t('new.groupNameHelp')}
        />
      )}
      {error && <Alert severity="error">{areaErrorText(t, 'chat', error)}</Alert>}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={picked.length === 0}
          loading={isLoading}
        >
          {group ? t('new.startGroup') : t('new.start')}
        </Button>
        <Button color="inherit" onClick={() => void navigate(paths.dashboard.chat)}>
          {t('actions.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
