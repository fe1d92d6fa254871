import { useState } from 'react';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import {
  amountField,
  dealFields,
  type Deal,
  type DealPatch,
  type Member,
  type Pipeline,
} from '@beacon/contract';
import { memberName } from '../../../utils/members.ts';
import { useCompanySearch, type FoundRecord } from '../api/search.ts';
import { minorToInput, parseMoney } from '../../../utils/money.ts';
import { EditableField } from './editable-field.tsx';
import { LostReasonDialog } from './lost-reason-dialog.tsx';
import { RecordPicker } from '../../../components/record-picker.tsx';
import { lostReasonText, stageName } from '../utils/names.ts';

export interface DealFieldsProps {
  deal: Deal;
  pipeline: Pipeline | null;
  members: Member[];
  canEdit: boolean;
  /** Saves a change of the deal; rejects with the server's error. */
  save: (patch: DealPatch) => Promise<void>;
}

/** The deal's fields, each saved on its own (contributors and admins); read-only for viewers. */
export function DealFields({ deal, pipeline, members, canEdit, save }: DealFieldsProps) {
  const { t } = useTranslation('deals');
  const searchCompanies = useCompanySearch();
  const [lostStage, setLostStage] = useState<string | null>(null);
  const [companyError, setCompanyError] = useState<string | null>(null);
  const disabled = !canEdit;
  const stages = pipeline?.stages ?? [];
  const company: FoundRecord | null = deal.companyId
    ? { id: deal.companyId, label: deal.companyName, secondary: '' }
    : null;

  return (
    <Card>
      <CardHeader
        title={t('page.fields')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Stack spacing={2} sx={{ p: 3, pt: 1 }}>
        <EditableField
          field="name"
          label={t('fields.name')}
          value={deal.name}
          disabled={disabled}
          rule={dealFields.name}
          messages={{ too_small: 'deals:validation.required' }}
          maxLength={dealFields.name.maxLength ?? undefined}
          onSave={(name) => save({ name })}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 2 }}>
          <EditableField
            field="amount"
            label={t('fields.amount')}
            value={minorToInput(deal.amount, deal.currency)}
            disabled={disabled}
            ltr
            validate={(text) =>
              amountField.safeParse(parseMoney(text || '0', deal.currency)).success
                ? null
                : t('validation.amount')
            }
            onSave={(text) => save({ amount: parseMoney(text || '0', deal.currency) ?? 0 })}
          />
          <EditableField
            field="currency"
            label={t('fields.currency')}
            value={deal.currency}
            disabled={disabled}
            ltr
            rule={dealFields.currency}
            messages={{ custom: 'deals:validation.currency' }}
            onSave={(currency) => save({ currency: currency.toUpperCase() })}
          />
        </Box>
        {stages.length > 0 && (
          <EditableField
            field="stageId"
            label={t('fields.stageId')}
            value={deal.stageId}
            disabled={disabled}
            options={stages.map((s) => ({ value: s.id, label: stageName(t, s) }))}
            onSave={async (stageId) => {
              if (stages.find((s) => s.id === stageId)?.kind === 'lost') {
                setLostStage(stageId);
                return;
              }
              await save({ stageId });
            }}
          />
        )}
        {deal.status === 'lost' && (
          <EditableField
            field="lostReason"
            label={t('fields.lostReason')}
            // A standard reason shows in the reader's words; writing over it makes it free text.
            value={lostReasonText(t, deal.lostReason)}
            disabled={disabled}
            multiline
            rule={dealFields.lostReason.min(1)}
            messages={{ too_small: 'deals:lost.required' }}
            maxLength={dealFields.lostReason.maxLength ?? undefined}
            onSave={(lostReason) => save({ lostReason })}
          />
        )}
        <EditableField
          field="expectedCloseDate"
          type="date"
          label={t('fields.expectedCloseDate')}
          value={deal.expectedCloseDate ?? ''}
          disabled={disabled}
          onSave={(day) => save({ expectedCloseDate: day || null })}
        />
        <EditableField
          field="ownerId"
          label={t('fields.ownerId')}
          value={deal.ownerId ?? ''}
          disabled={disabled}
          options={[
            { value: '', label: t('fields.noOwner') },
            ...members.map((m) => ({ value: m.id, label: memberName(m) })),
          ]}
          onSave={(ownerId) => save({ ownerId: ownerId || null })}
        />
        <RecordPicker
          label={t('fields.companyId')}
          value={company}
          search={searchCompanies}
          disabled={disabled}
          error={companyError}
          onChange={(next) => {
            setCompanyError(null);
            save({ companyId: next?.id ?? null }).catch(() => setCompanyError(t('errors.generic')));
          }}
        />
        <EditableField
          field="nextStep"
          label={t('fields.nextStep')}
          value={deal.nextStep}
          disabled={disabled}
          multiline
          rule={dealFields.nextStep}
          maxLength={dealFields.nextStep.maxLength ?? undefined}
          onSave={(nextStep) => save({ nextStep })}
        />
        <EditableField
          field="source"
          label={t('fields.source')}
          value={deal.source}
          disabled={disabled}
          rule={dealFields.source}
          maxLength={dealFields.source.maxLength ?? undefined}
          onSave={(source) => save({ source })}
        />
        <EditableField
          field="tags"
          label={t('fields.tags')}
          value={deal.tags.join(', ')}
          disabled={disabled}
          helperText={t('fields.tagsHint')}
          onSave={(text) =>
            save({
              tags: text
                .split(',')
                .map((tag) => tag.trim())
                .filter(Boolean),
            })
          }
        />
      </Stack>
      <LostReasonDialog
        open={lostStage !== null}
        dealName={deal.name}
        stageName={stages.find((s) => s.id === lostStage)?.name ?? ''}
        onClose={() => setLostStage(null)}
        onConfirm={async (lostReason) => {
          if (!lostStage) return;
          await save({ stageId: lostStage, lostReason });
          setLostStage(null);
        }}
      />
    </Card>
  );
}
