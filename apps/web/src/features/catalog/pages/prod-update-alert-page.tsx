import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { usePageTitle } from '../../../hooks/use-page-title';

/** The spec's confirmation after editing a product. */
export function ProdUpdateAlertPage() {
  usePageTitle('Product updated');
  const name = (useLocation().state as { name?: string } | null)?.name;
  return (
    <Alert color="green" title={messages.product.updated}>
      {name && <Text size="sm">“{name}” has been saved.</Text>}
      <Group mt="sm">
        <Button component={Link} to="/seller/products">
          Back to products
        </Button>
      </Group>
    </Alert>
  );
}
