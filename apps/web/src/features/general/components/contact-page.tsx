import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactRequestSchema, type ContactRequest } from '@beacon/contract';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { MailIcon, ServerIcon, UsersIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { publicApi } from '../api/public-api.ts';
import { accentTile } from '../utils/accent.ts';
import { formatNumber } from '../utils/format.ts';
import {
  applyServerFieldErrors,
  fieldErrorText,
  requestErrorText,
  type GeneralField,
} from '../utils/form-errors.ts';
import { PageHero } from './page-hero.tsx';

const MESSAGE_MAX = 5000;
const FIELDS = ['name', 'email', 'company', 'subject', 'message'] as const;
const EMPTY: ContactRequest = { name: '', email: '', company: '', subject: '', message: '' };

/** What happens to a message, told beside the form. */
const STEPS = [
  { key: 'stored', Icon: ServerIcon },
  { key: 'mailed', Icon: MailIcon },
  { key: 'answered', Icon: UsersIcon },
] as const;

/** `/contact-us`: a message that the server stores and mails to the admins of this workspace. */
export function ContactPage() {
  const { t } = useTranslation('general');
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null);

  return (
    <>
      <PageTitle title={t('contact.title')} />
      <PageHero
        eyebrow={t('contact.eyebrow')}
        title={t('contact.heading')}
        subtitle={t('contact.subtitle')}
      />
      <Container
        maxWidth="lg"
        sx={{
          pb: { xs: 8, md: 10 },
          display: 'grid',
          gap: { xs: 4, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby="contact-how">
          <Typography id="contact-how" component="h2" variant="h5" sx={{ mb: 3 }}>
            {t('contact.how.title')}
          </Typography>
          <Stack component="ol" spacing={3} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {STEPS.map(({ key, Icon }) => (
              <Stack component="li" key={key} direction="row" spacing={2}>
                <Box
                  aria-hidden="true"
                  sx={(theme) => ({
                    ...accentTile(theme),
                    width: 44,
                    height: 44,
                    flexShrink: 0,
                    borderRadius: 1.5,
                    display: 'grid',
                    placeItems: 'center',
                  })}
                >
                  <Icon />
                </Box>
                <Box>
                  <Typography component="h3" variant="subtitle1">
                    {t(`contact.how.${key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`contact.how.${key}.description`)}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Stack>
          <Typography variant="body2" sx={{ mt: 4, color: 'text.secondary' }}>
            {t('contact.faqsLead')}{' '}
            <Link component={RouterLink} to={paths.faqs}>
              {t('contact.faqsLink')}
            </Link>
          </Typography>
        </Box>

        <Card sx={{ p: { xs: 2.5, sm: 4 } }}>
          {sentTo ? (
            <ContactSent sentTo={sentTo} onAnother={() => setSentTo(null)} />
          ) : (
            <ContactForm onSent={setSentTo} />
          )}
        </Card>
      </Container>
    </>
  );
}

function ContactForm({ onSent }: { onSent: (to: { name: string; email: string }) => void }) {
  const { t, i18n } = useTranslation('general');
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<
    ContactRequest,
    unknown,
    ReturnType<typeof contactRequestSchema.parse>
  >({ resolver: zodResolver(contactRequestSchema), defaultValues: EMPTY });
  const message = useWatch({ control, name: 'message' }) ?? '';
  const pending = formState.isSubmitting;
  const errorText = (kind: GeneralField) => (error: FieldError) => fieldErrorText(t, kind, error);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await publicApi.contact(values);
      onSent({ name: values.name, email: values.email });
    } catch (error) {
      if (applyServerFieldErrors(error, FIELDS, setError)) setServerError(t('errors.validation'));
      else setServerError(requestErrorText(t, error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <Typography id="contact-form-title" component="h2" variant="h5" sx={{ mb: 3 }}>
        {t('contact.form.title')}
      </Typography>
      <Stack spacing={2.5}>
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormTextField
            control={control}
            name="name"
            label={t('contact.form.name')}
            autoComplete="name"
            required
            disabled={pending}
            errorText={errorText('text')}
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('contact.form.email')}
            autoComplete="email"
            required
            disabled={pending}
            errorText={errorText('email')}
          />
        </Stack>
        <FormTextField
          control={control}
          name="company"
          label={t('contact.form.company')}
          helperText={t('contact.form.optional')}
          autoComplete="organization"
          disabled={pending}
          errorText={errorText('optionalText')}
        />
        <FormTextField
          control={control}
          name="subject"
          label={t('contact.form.subject')}
          required
          disabled={pending}
          errorText={errorText('text')}
        />
        <FormTextField
          control={control}
          name="message"
          label={t('contact.form.message')}
          required
          multiline
          minRows={6}
          disabled={pending}
          errorText={errorText('message')}
          helperText={t('contact.form.count', {
            length: formatNumber(message.length, i18n.resolvedLanguage),
            max: formatNumber(MESSAGE_MAX, i18n.resolvedLanguage),
          })}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        />
        <Box>
          <Button
            type="submit"
            size="large"
            variant="contained"
            loading={pending}
            disabled={pending}
          >
            {t('contact.form.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ContactSent({
  sentTo,
  onAnother,
}: {
  sentTo: { name: string; email: string };
  onAnother: () => void;
}) {
  const { t } = useTranslation('general');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
      <Typography ref={heading} tabIndex={-1} component="h2" variant="h5" sx={{ outline: 'none' }}>
        {t('contact.sent.title')}
      </Typography>
      <Alert severity="success" sx={{ width: '100%' }}>
        {t('contact.sent.description', { name: sentTo.name, email: sentTo.email })}
      </Alert>
      <Button variant="outlined" color="inherit" onClick={onAnother}>
        {t('contact.sent.another')}
      </Button>
    </Stack>
  );
}

export { ContactPage as Component };
