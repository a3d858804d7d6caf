import '@mantine/dates/styles.css';
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { localIsoDay } from '@pricehub/shared/rules/dates';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSaveSale } from '../api/sales';
import { emptySale, SaleForm } from '../components/sale-form';

export function AddSalePage() {
  usePageTitle('Add sale');
  const navigate = useNavigate();
  const save = useSaveSale();
  return (
    <Stack>
      <Title order={1} size="h2">
        Add a sale
      </Title>
      <SaleForm
        initial={emptySale}
        today={localIsoDay(new Date())}
        submitLabel="Create sale"
        failure={{ toast: messages.sale.createFailed, alert: messages.sale.createError }}
        onSave={async (input) => {
          const { sale } = await save.mutateAsync(input);
          navigate(`/seller/saleAlert?code=${sale.code}`);
        }}
      />
    </Stack>
  );
}
