import '@mantine/dates/styles.css';
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { localIsoDay } from '@pricehub/shared/rules/dates';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSaveSale, useSellerSale } from '../api/sales';
import { ErrorState, LoadingState } from '../../../components/page-states';
import { ChooseSaleToEdit } from '../components/choose-sale-to-edit';
import { SaleForm } from '../components/sale-form';

/** /seller/editSale/:code edits that sale; /seller/editSale alone lets the seller choose one. */
export function EditSalePage() {
  const { code = '' } = useParams();
  usePageTitle(code ? `Edit sale ${code}` : 'Edit sale');
  return code ? <EditSale code={code} /> : <ChooseSaleToEdit />;
}

function EditSale({ code }: { code: string }) {
  const navigate = useNavigate();
  const sale = useSellerSale(code);
  const save = useSaveSale(code);

  if (sale.isLoading) return <LoadingState />;
  if (sale.isError) return <ErrorState error={sale.error} onRetry={() => void sale.refetch()} />;
  const s = sale.data!.sale;
  const today = localIsoDay(new Date());
  return (
    <Stack>
      <Title order={1} size="h2">
        Edit sale
      </Title>
      <Text c="dimmed" size="sm">
        Code {s.code}
      </Text>
      <SaleForm
        initial={{
          title: s.title,
          productIds: s.products.map((p) => String(p.id)),
          discount: s.discount,
          startDate: s.startDate,
          endDate: s.endDate,
        }}
        // A running sale's start is already past: keeping it unchanged is allowed.
        today={s.startDate < today ? s.startDate : today}
        submitLabel="Save changes"
        failure={{ toast: 'Failed to update sale', alert: 'Error updating sale. Please try again.' }}
        onSave={async (input) => {
          await save.mutateAsync(input);
          navigate(`/seller/saleUpdateAlert?code=${s.code}`);
        }}
      />
    </Stack>
  );
}
