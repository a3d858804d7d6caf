import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import {
  catalogueEditInput,
  type CatalogueProductDetail,
  type MatchingProduct,
} from '@pricehub/shared/schemas/operator-matching';
import { get } from '../../../api/client';
import { FormAlert } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useCatalogueProduct, useEditCatalogueProduct } from '../api/matching';
import { MatchingActionDialog } from '../components/matching-action-dialog';
import { ErrorState, LoadingState } from '../../../components/page-states';

const categoryOptions = [
  { value: 'mobile', label: 'Mobile' },
  { value: 'laptop', label: 'Laptop' },
  { value: 'computer', label: 'Computer' },
];

/** /operator/catalogue/:id: edit a catalogue product, see its offers, merge another product into it. */
export function MatchingCatalogueEditPage() {
  const id = Number(useParams().productId);
  const product = useCatalogueProduct(id);
  usePageTitle(product.data ? `Edit ${product.data.name}` : 'Catalogue product');
  if (product.isLoading) return <LoadingState label="Loading the product" />;
  if (product.isError) return <ErrorState error={product.error} onRetry={() => product.refetch()} />;
  return <Editor key={product.data!.id} product={product.data!} />;
}

type Form = {
  name: string;
  brand: string;
  category: string;
  description: string;
  ram: number | string;
  storage: number | string;
  image: string;
  gtins: string;
};

const formOf = (p: CatalogueProductDetail): Form => ({
  name: p.name,
  brand: p.brand,
  category: p.category,
  description: p.description,
  ram: p.ram,
  storage: p.storage,
  image: p.image,
  gtins: p.gtins.join('\n'),
});

/** The GTINs box holds one a line (or comma-separated); the schema takes the list. */
const gtinList = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((g) => g.trim())
    .filter(Boolean);

function Editor({ product }: { product: CatalogueProductDetail }) {
  const form = useSchemaForm(catalogueEditInput, formOf(product), {
    toInput: (values) => ({ ...values, gtins: gtinList(values.gtins) }),
  });
  const { values, errors, setValue } = form;
  const edit = useEditCatalogueProduct(product.id);
  // "gtins.2" and "gtins" both belong under the one GTIN box.
  const gtinError = Object.entries(errors).find(([k, v]) => k.startsWith('gtins') && v)?.[1];

  const submit = form.onSubmit((input) =>
    edit.mutate(input, { onSuccess: () => notifySuccess('Catalogue product saved'), onError: form.reportFailure }),
  );

  return (
    <Stack>
      <div>
        <Anchor component={Link} to="/operator/catalogue" size="sm">
          ← Catalogue
        </Anchor>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          #{product.id} {product.name}
        </Title>
        <Group gap="xs">
          <Anchor component={Link} to={`/result/productHub/${product.id}`} size="sm" target="_blank">
            Product page
          </Anchor>
          {!product.visible && (
            <Badge color="gray" variant="light">
              hidden from shoppers (no offers)
            </Badge>
          )}
        </Group>
      </div>
      <Paper
        withBorder
        p="md"
        component="form"
        ref={form.ref}
        onSubmit={submit}
        noValidate
        aria-label="Edit catalogue product"
      >
        <Stack>
          <TextInput label="Name" required maxLength={200} {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Brand" required maxLength={60} {...form.getInputProps('brand')} />
            <Select
              label="Category"
              required
              data={categoryOptions}
              name="category"
              value={values.category}
              error={errors.category}
              allowDeselect={false}
              onChange={(v) => setValue('category', v ?? '')}
            />
            <NumberInput
              label="RAM (GB)"
              min={0}
              max={1024}
              allowDecimal={false}
              allowNegative={false}
              name="ram"
              value={values.ram}
              error={errors.ram}
              onChange={(v) => setValue('ram', v)}
            />
            <NumberInput
              label="Storage (GB)"
              min={0}
              max={65536}
              allowDecimal={false}
              allowNegative={false}
              name="storage"
              value={values.storage}
              error={errors.storage}
              onChange={(v) => setValue('storage', v)}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            {...form.getInputProps('description')}
          />
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <TextInput
              label="Image address"
              required
              maxLength={1000}
              style={{ flex: 1 }}
              {...form.getInputProps('image')}
            />
            {values.image && (
              <Image src={values.image} alt="" w={64} h={64} fit="contain" radius="sm" fallbackSrc="/favicon.svg" />
            )}
          </Group>
          <Textarea
            label="GTINs (barcodes)"
            description="One per line; the first is the product's own, the others also find it when offers come in."
            autosize
            minRows={2}
            {...form.getInputProps('gtins')}
            error={gtinError}
          />
          <FormAlert message={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={form.reset}>
              Undo changes
            </Button>
            <Button type="submit" loading={edit.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
      <OffersOf product={product} />
      <MergeInto product={product} />
    </Stack>
  );
}

function OffersOf({ product }: { product: CatalogueProductDetail }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Offers on this product
      </Title>
      {product.offers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No offers.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Offers on this product">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Store</Table.Th>
                <Table.Th scope="col">Their name for it</Table.Th>
                <Table.Th scope="col">Price</Table.Th>
                <Table.Th scope="col">Matched by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {product.offers.map((o) => (
                <Table.Tr key={`${o.kind}-${o.id}`}>
                  <Table.Td>{o.store}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.name}</Table.Td>
                  <Table.Td>{formatRs(o.price)}</Table.Td>
                  <Table.Td>
                    {o.matchedBy === 'gtin' ? 'GTIN' : o.matchedBy === 'seller' ? 'seller' : 'name'}
                    {o.decided && ' · decided by an operator'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** Another product, by its number, merged into this one (or this one into it) after a confirmation. */
function MergeInto({ product }: { product: CatalogueProductDetail }) {
  const navigate = useNavigate();
  const [other, setOther] = useState<number | string>('');
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [pair, setPair] = useState<[MatchingProduct, MatchingProduct] | null>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const id = Number(other);
    if (!Number.isInteger(id) || id < 1) return setError('Give the number of the other product');
    if (id === product.id) return setError('Choose two different products');
    setLoading(true);
    try {
      setPair([product, await get<CatalogueProductDetail>(`/operator/catalogue/${id}`)]);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not find that product');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void find(e)} noValidate>
      <Title order={2} size="h4">
        Merge with another product
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        When two catalogue products are the same thing. You choose which one stays.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Other product number"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={other}
          error={error}
          onChange={(v) => {
            setOther(v);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="light" color="red" loading={loading}>
          Merge…
        </Button>
      </Group>
      {pair && (
        <MatchingActionDialog
          dialog={{ kind: 'merge', products: pair }}
          onClose={() => setPair(null)}
          onDone={(result) => {
            if (result.product.id !== product.id) navigate(`/operator/catalogue/${result.product.id}`);
          }}
        />
      )}
    </Paper>
  );
}
