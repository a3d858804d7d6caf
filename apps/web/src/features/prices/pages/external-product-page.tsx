import { Alert, Badge, Button, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { formatRs } from '@pricehub/shared/rules/money';
import { LoadingState } from '../../../components/page-states';
import { AddToCompareButton } from '../../../components/saved-items/add-to-compare-button';
import { AddToWishlistButton } from '../../../components/saved-items/add-to-wishlist-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useExternalProduct } from '../api/external-products';

/** /result/productDetail/:offerId: one external store's product, as the spec's external product detail shows it. */
export function ExternalProductPage() {
  const offerId = Number(useParams().offerId);
  const navigate = useNavigate();
  const detail = useExternalProduct(offerId);
  usePageTitle(detail.data?.name ?? 'External product');

  if (detail.isLoading) return <LoadingState label="Loading product" />;
  if (detail.isError || !detail.data) {
    return (
      <Alert color="red" m="md" title="Product not available">
        {detail.error?.message ?? 'This product could not be found.'}
        <Button mt="sm" variant="light" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </Alert>
    );
  }
  const p = detail.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} m={{ base: 0, sm: 'md' }}>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          {p.image ? (
            <Image src={p.image} alt={p.name} fit="contain" mah={360} radius="md" />
          ) : (
            <Text c="dimmed">{messages.generic.noImage}</Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {p.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{p.ratingText}</Badge>
              <Text size="sm" c="dimmed">
                {p.score.positive} positive · {p.score.negative} negative · score {p.score.score}
              </Text>
            </Group>
            <Text size="xl" fw={700}>
              {formatRs(p.price)}
            </Text>
            <Text>
              <Text span fw={600}>
                Description:{' '}
              </Text>
              {p.description}
            </Text>
            <Text>
              <Text span fw={600}>
                Store:{' '}
              </Text>
              {p.store}
            </Text>
            <Group gap="xs">
              {!p.available ? (
                <Badge color="gray">Unavailable</Badge>
              ) : p.inStock ? (
                <Badge color="green">In Stock</Badge>
              ) : (
                <Badge color="red">Out of Stock</Badge>
              )}
            </Group>
            <Group gap="sm" wrap="wrap">
              <Button
                component="a"
                href={p.url}
                target="_blank"
                rel="nofollow noopener"
                rightSection={<IconExternalLink size={16} aria-hidden />}
              >
                Visit Store
              </Button>
              <AddToWishlistButton target={{ offerId }}>Add to WishList</AddToWishlistButton>
              <AddToCompareButton target={{ offerId }} variant="light" />
              <Button
                variant="subtle"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                onClick={() => navigate(-1)}
              >
                Go Back
              </Button>
            </Group>
            <Button component={Link} to={`/result/productHub/${p.productId}`} variant="outline" w="fit-content">
              Compare prices for this product
            </Button>
            {p.reviews.length > 0 && (
              <Stack gap="xs" mt="md">
                <Title order={2} size="h4">
                  Reviews
                </Title>
                {p.reviews.map((r, i) => (
                  <Paper key={i} withBorder p="xs" radius="sm">
                    <Text size="sm" fw={600}>
                      {r.author || 'Shopper'}
                      {r.rating ? ` · ${r.rating}/5` : ''}
                    </Text>
                    <Text size="sm">{r.text}</Text>
                  </Paper>
                ))}
              </Stack>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
