import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  dealPersonRoles,
  type Company,
  type Deal,
  type DealPatch,
  type DealPersonRole,
} from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import { usePersonSearch, type FoundRecord } from '../api/search.ts';
import { dealsErrorText } from '../utils/error-text.ts';
import { RecordPicker } from '../../../components/record-picker.tsx';

export interface DealPeopleProps {
  deal: Deal;
  company: Company | null;
  canEdit: boolean;
  save: (patch: DealPatch) => Promise<void>;
}

/** The deal's company and its people, each with a role (decision maker, champion, …). */
export function DealPeople({ deal, company, canEdit, save }: DealPeopleProps) {
  const { t } = useTranslation('deals');
  const { enqueueSnackbar } = useSnackbar();
  const searchPeople = usePersonSearch();
  const [adding, setAdding] = useState<FoundRecord | null>(null);
  const [role, setRole] = useState<DealPersonRole>('decision_maker');
  const [pickerKey, setPickerKey] = useState(0);
  const current = deal.people.map((p) => ({ personId: p.personId, role: p.role }));

  const run = (patch: DealPatch) =>
    save(patch).catch((error: unknown) =>
      enqueueSnackbar(dealsErrorText(t, error), { variant: 'error' }),
    );

  return (
    <Card>
      <CardHeader
        title={t('page.people')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Box sx={{ px: 3, pb: 3 }}>
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
          {t('fields.companyId')}
        </Typography>
        {company ? (
          <Link component={RouterLink} to={`${paths.dashboard.companies}/${company.id}`}>
            {company.name}
          </Link>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('page.noCompany')}</Typography>
        )}
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('page.contacts')}
        </Typography>
        {deal.people.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>{t('page.noPeople')}</Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {deal.people.map((person) => (
            <Box
              component="li"
              key={person.personId}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: 1, minWidth: 140 }}>
                <Link component={RouterLink} to={`${paths.dashboard.people}/${person.personId}`}>
                  {person.name || person.email}
                </Link>
              </Box>
              {canEdit ? (
                <TextField
                  select
                  size="small"
                  label={t('people.role')}
                  value={person.role}
                  onChange={(event) =>
                    void run({
                      people: current.map((p) =>
                        p.personId === person.personId
                          ? { ...p, role: event.target.value as DealPersonRole }
                          : p,
                      ),
                    })
                  }
                  sx={{ minWidth: 170 }}
                >
                  {dealPersonRoles.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`roles.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`roles.${person.role}`)}
                </Typography>
              )}
              {canEdit && (
                <Button
                  size="small"
                  color="inherit"
                  aria-label={t('people.removeNamed', { name: person.name || person.email })}
                  onClick={() =>
                    void run({ people: current.filter((p) => p.personId !== person.personId) })
                  }
                >
                  {t('people.remove')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
        {canEdit && (
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              mt: 1.5,
              gridTemplateColumns: 'minmax(0, 1fr) auto',
              '& > :first-of-type': { gridColumn: '1 / -1' },
            }}
          >
            <RecordPicker
              key={pickerKey}
              label={t('people.add')}
              value={adding}
              search={searchPeople}
              onChange={setAdding}
            />
            <TextField
              select
              size="small"
              label={t('people.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as DealPersonRole)}
            >
              {dealPersonRoles.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`roles.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={!adding || current.some((p) => p.personId === adding.id)}
              onClick={() => {
                if (!adding) return;
                void run({ people: [...current, { personId: adding.id, role }] }).then(() => {
                  setAdding(null);
                  setPickerKey((k) => k + 1);
                });
              }}
            >
              {t('people.addButton')}
            </Button>
          </Box>
        )}
      </Box>
    </Card>
  );
}
