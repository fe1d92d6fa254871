import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/icons.tsx';
import {
  flattenNavData,
  type FlatNavItem,
  type NavGroupData,
} from '../../../components/nav-section/index.ts';
import { ExternalLinkIcon } from '../../../components/shell-icons.tsx';
import {
  useRecordSearch,
  type RecordSearch,
} from '../../../features/crm/hooks/use-record-search.ts';
import { paths } from '../../../utils/paths.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { primaryText } from '../../../theme/index.ts';
import { Kbd } from '../../../components/kbd.tsx';

/** Lower case, without accents: "Équipe" matches "equipe". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The items whose title, section or path contain every word of the query. */
export function searchNav(items: FlatNavItem[], query: string): FlatNavItem[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return items;
  return items.filter(({ item, trail }) => {
    const haystack = fold([item.title, item.caption ?? '', ...trail, item.path].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

/** The people and companies found, as items of the same list as the menu's. */
export function recordItems(
  found: Pick<RecordSearch, 'people' | 'companies'>,
  menu: FlatNavItem[],
  labels: { people: string; companies: string },
): (FlatNavItem & { record: true })[] {
  const iconOf = (path: string) => menu.find(({ item }) => item.path === path)?.item.icon;
  const peopleIcon = iconOf(paths.dashboard.people);
  const companiesIcon = iconOf(paths.dashboard.companies);
  return [
    ...found.people.map((person) => {
      const name = `${person.firstName} ${person.lastName}`.trim();
      return {
        item: {
          title: name || person.email,
          path: `${paths.dashboard.people}/${person.id}`,
          icon: peopleIcon,
        },
        trail: [labels.people, ...[name ? person.email : '', person.companyName].filter(Boolean)],
        record: true as const,
      };
    }),
    ...found.companies.map((company) => ({
      item: {
        title: company.name,
        path: `${paths.dashboard.companies}/${company.id}`,
        icon: companiesIcon,
      },
      trail: [labels.companies, ...[company.domain].filter(Boolean)],
      record: true as const,
    })),
  ];
}

/** The palette itself: loaded when it is first opened (search-palette.tsx). */
export function SearchDialog({ data, onClose }: { data: NavGroupData[]; onClose: () => void }) {
  const { t } = useTranslation('navbar');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listId = useId();
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  const all = useMemo(() => flattenNavData(data), [data]);
  const records = useRecordSearch(query);
  const results = useMemo<(FlatNavItem & { record?: true })[]>(
    () => [
      ...searchNav(all, query),
      ...recordItems(records, all, {
        people: t('search.people'),
        companies: t('search.companies'),
      }),
    ],
    [all, query, records, t],
  );
  const active = Math.min(activeIndex, Math.max(0, results.length - 1));
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    listRef.current
      ?.querySelector(`[id="${optionId(active)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
    // optionId depends on listId only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, listId]);

  const choose = (result: FlatNavItem | undefined) => {
    if (!result) return;
    onClose();
    if (result.item.external) window.open(result.item.path, '_blank', 'noopener,noreferrer');
    else void navigate(result.item.path);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((active + 1) % Math.max(1, results.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((active - 1 + results.length) % Math.max(1, results.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[active]);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: { mt: { xs: 2, sm: 10 }, mx: 2, overflow: 'hidden' } } }}
    >
      <Box component="h2" id={titleId} sx={visuallyHidden}>
        {t('search.title')}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2.5,
          py: 2,
          borderBottom: (theme) => `1px solid ${theme.palette.divider}`,
        }}
      >
        <SearchIcon sx={{ color: 'text.secondary' }} />
        <InputBase
          autoFocus
          fullWidth
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          inputProps={{
            role: 'combobox',
            'aria-label': t('search.title'),
            'aria-expanded': results.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': results.length ? optionId(active) : undefined,
          }}
          sx={{ typography: 'subtitle1' }}
        />
        <Kbd color="text.secondary">Esc</Kbd>
      </Box>

      <Box sx={{ maxHeight: { xs: '60vh', sm: 420 }, overflowY: 'auto', p: 1 }}>
        {results.length ? (
          <Box
            component="ul"
            role="listbox"
            id={listId}
            ref={listRef}
            aria-label={t('search.results')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {results.map((result, index) => (
              <Box
                component="li"
                role="option"
                id={optionId(index)}
                key={`${result.item.path}-${result.item.title}`}
                aria-selected={index === active}
                onMouseMove={() => index !== active && setActiveIndex(index)}
                onClick={() => choose(result)}
                sx={(theme) => ({
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  px: 1.5,
                  py: 1.25,
                  borderRadius: 1,
                  cursor: 'pointer',
                  border: '1px dashed transparent',
                  ...(index === active && {
                    bgcolor: alpha(theme.palette.primary.main, 0.08),
                    borderColor: alpha(primaryText(theme), 0.4),
                  }),
                })}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 36,
                    height: 36,
                    flexShrink: 0,
                    display: 'grid',
                    placeItems: 'center',
                    borderRadius: 1,
                    color: 'text.secondary',
                    bgcolor: 'background.neutral',
                    '& svg': { fontSize: 20 },
                  }}
                >
                  {result.item.icon}
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" noWrap>
                    {result.item.title}
                    {result.item.external && (
                      <ExternalLinkIcon sx={{ fontSize: 14, ml: 0.75, verticalAlign: '-2px' }} />
                    )}
                  </Typography>
                  <Typography
                    variant="caption"
                    component="p"
                    sx={{ color: 'text.secondary' }}
                    noWrap
                  >
                    {result.trail.join(' › ')}
                  </Typography>
                </Box>
                {!result.record && (
                  <Typography
                    variant="caption"
                    sx={{
                      color: 'text.secondary',
                      display: { xs: 'none', sm: 'block' },
                      direction: 'ltr',
                    }}
                  >
                    {result.item.path}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        ) : records.loading ? (
          <Box sx={{ py: 6, textAlign: 'center' }} role="status">
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('search.searchingRecords')}
            </Typography>
          </Box>
        ) : (
          <Box sx={{ py: 6, textAlign: 'center' }} role="status">
            <Typography variant="subtitle1">{t('search.noResults', { query })}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('search.noResultsHint')}
            </Typography>
          </Box>
        )}
      </Box>

      {records.failed && (
        <Typography
          variant="caption"
          component="p"
          role="status"
          sx={{ px: 2.5, pb: 1, color: 'error.main' }}
        >
          {t('search.recordsFailed')}
        </Typography>
      )}
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'none', sm: 'flex' },
          gap: 2,
          px: 2.5,
          py: 1.25,
          borderTop: (theme) => `1px solid ${theme.palette.divider}`,
          color: 'text.secondary',
          typography: 'caption',
          alignItems: 'center',
        }}
      >
        <span>
          <Kbd color="text.secondary">↑</Kbd> <Kbd color="text.secondary">↓</Kbd>{' '}
          {t('search.hintMove')}
        </span>
        <span>
          <Kbd color="text.secondary">↵</Kbd> {t('search.hintOpen')}
        </span>
        <span>
          <Kbd color="text.secondary">Esc</Kbd> {t('search.hintClose')}
        </span>
      </Box>
    </Dialog>
  );
}
