import { Anchor, Badge, Button, Divider, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useId } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { cartMessages } from '@pricehub/shared/schemas/cart-messages';
import type { ProductDetail } from '@pricehub/shared/schemas/product';
import { AddToCompareButton } from '../../../components/saved-items/add-to-compare-button';
import { AddToWishlistButton } from '../../../components/saved-items/add-to-wishlist-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { whenIdle } from '../../../hooks/when-idle';
import { productQuery, recordView, useProduct } from '../api/catalog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { LowestPrice, StoreCountLine } from '../components/price-tag';
import { ProductGrid } from '../components/product-grid';
import { ReportReviewButton } from '../components/report-review-button';
import { useBuyProduct } from '../components/use-buy';

const categoryLabel = { mobile: 'Mobile', laptop: 'Laptop', computer: 'Computer' } as const;

/**
 * /result/productHub/:productId: the catalogue product, its reviews, the offers panel (child route) and
 * recommendations. An old address (a seller's listing, or a product merged into another) answers with the catalogue
 * product it now is, and the page moves to that product's own address.
 */
export function ProductHubPage() {
  const id = Number(useParams().productId);
  const product = useProduct(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  usePageTitle(product.data?.name ?? 'Product');
  const shownId = product.data?.id;

  useEffect(() => {
    if (shownId === undefined || shownId === id) return;
    queryClient.setQueryData(productQuery(shownId).queryKey, product.data);
    navigate(`/result/productHub/${shownId}`, { replace: true });
  }, [id, shownId, product.data, queryClient, navigate]);

  useEffect(() => {
    // The server decides whether this opening counts (once per viewer per 10 minutes). Sent when the browser is
    // idle: the request is not part of the page becoming interactive.
    if (shownId === undefined || shownId !== id) return;
    return whenIdle(() => void recordView(id).catch(() => undefined));
  }, [id, shownId]);

  if (!Number.isInteger(id) || id <= 0) return <EmptyState title="Product not found" />;
  if (product.isLoading) return <LoadingState label="Loading product" />;
  if (product.isError) return <ErrorState error={product.error} onRetry={() => product.refetch()} />;
  const p = product.data!;
  if (p.id !== id) return <LoadingState label="Opening the product" />;
  return (
    <Stack gap="xl">
      <Details product={p} />
      <Outlet context={{ product: p }} />
      <Reviews product={p} />
      {p.recommendations.length > 0 && (
        <section aria-labelledby="recs-title">
          <Title order={2} id="recs-title" mb="md">
            You may also like
          </Title>
          <ProductGrid products={p.recommendations} />
        </section>
      )}
    </Stack>
  );
}

/**
 * Why the page's "Add to Cart" cannot buy: only other stores sell it, or our sellers have none left. (`quantity` is
 * that of our cheapest listing, `listingId`; `stock` says whether any store has it.)
 */
function cannotBuyReason(p: ProductDetail): string | null {
  if (p.listingId == null) return cartMessages.notSoldHere;
  return p.quantity > 0 ? null : cartMessages.outOfStock;
}

function Details({ product: p }: { product: ProductDetail }) {
  const buy = useBuyProduct();
  const noteId = useId();
  const inStock = p.stock === 'instock';
  const cannotBuy = cannotBuyReason(p);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Image
            src={p.image || undefined}
            alt={p.name}
            h={{ base: 260, sm: 380 }}
            fit="contain"
            fallbackSrc="/favicon.svg"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Group gap="xs">
              <Badge variant="light">{categoryLabel[p.category]}</Badge>
              <Badge variant="outline">{p.brand}</Badge>
              {p.sale && (
                <Badge color="red">
                  {p.sale.title}: -{p.sale.percent}%
                </Badge>
              )}
            </Group>
            <Title order={1} size="h2">
              {p.name}
            </Title>
            <LowestPrice product={p} size="xl" />
            <StoreCountLine product={p} />
            <Group gap="xs">
              <Text size="sm" fw={600}>
                Status:
              </Text>
              {inStock ? (
                <Badge color="green" variant="light">
                  In Stock
                </Badge>
              ) : (
                <Badge color="red">Out of Stock</Badge>
              )}
            </Group>
            {p.store && !cannotBuy && (
              <Text size="sm">
                Cheapest from our sellers: {formatRs(p.salePrice ?? p.price)} at{' '}
                <Anchor component={Link} to={`/viewstore/${p.store.slug}`}>
                  {p.store.name}
                </Anchor>
              </Text>
            )}
            <Text size="sm">
              RAM {p.ram} GB · Storage {p.storage} GB
            </Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{p.description}</Text>
            <Divider />
            <Group gap="sm">
              <Button
                leftSection={<IconShoppingCart size={18} aria-hidden />}
                onClick={() => buy.addToCart(p.id)}
                loading={buy.adding}
                disabled={cannotBuy !== null}
                aria-describedby={cannotBuy ? noteId : undefined}
              >
                Add to Cart
              </Button>
              {p.store && (
                <Button component={Link} to={`/viewstore/${p.store.slug}`} variant="default">
                  Visit Store
                </Button>
              )}
              <AddToWishlistButton target={{ productId: p.id }} />
              <AddToCompareButton target={{ productId: p.id }} variant="light" />
            </Group>
            {cannotBuy && (
              <Text size="sm" c="dimmed" id={noteId}>
                {cannotBuy}
                {p.listingId == null ? ': compare their prices below.' : '.'}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

function Reviews({ product: p }: { product: ProductDetail }) {
  return (
    <section aria-labelledby="reviews-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="reviews-title">
          Reviews
        </Title>
        <Group gap="xs">
          <Badge size="lg" color={p.score.positive >= p.score.negative ? 'green' : 'red'}>
            {p.ratingText}
          </Badge>
          <Text size="sm" c="dimmed">
            Score {p.score.score} · {p.score.positive} positive · {p.score.negative} negative
          </Text>
        </Group>
      </Group>
      {p.reviews.length === 0 ? (
        <Text c="dimmed">No reviews yet.</Text>
      ) : (
        <Stack gap="sm">
          {p.reviews.map((r) => (
            <Paper key={r.id} withBorder p="sm" radius="md">
              <Group justify="space-between">
                <Text fw={600}>{r.author || 'Customer'}</Text>
                <Text size="xs" c="dimmed">
                  {r.rating ? `${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)} · ` : ''}
                  {dayjs(r.createdAt).format('D MMM YYYY')}
                </Text>
              </Group>
              <Text size="sm" mt={4}>
                {r.text}
              </Text>
              <Group justify="flex-end" mt={4}>
                <ReportReviewButton reviewId={r.id} author={r.author || 'Customer'} />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
