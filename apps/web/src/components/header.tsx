import { ActionIcon, Anchor, Box, Burger, Container, Group, Indicator, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCartCount } from '../api/cart-summary';
import { useLogout, useSession } from '../api/session';
import { AccountMenu, type MenuEntry } from './account-menu';
import { SearchBox } from './search-box';

/** Extra header content a feature supplies (the photo-search control), placed beside the search box. */
export interface HeaderProps {
  searchAddon?: ReactNode;
}

export function Header({ searchAddon }: HeaderProps) {
  const { user, customer, seller } = useSession();
  const cartCount = useCartCount();
  const logout = useLogout();
  const navigate = useNavigate();
  const [navOpen, nav] = useDisclosure(false);

  const signOut = async () => {
    const wasSeller = !!seller;
    await logout();
    navigate(wasSeller ? '/sellerLogin' : '/');
  };

  // The spec's account menu: Sign-In or the customer's name, Login as Seller, Your Complains, Logout.
  const entries: MenuEntry[] = [
    ...(!user
      ? [
          { label: 'Sign-In', to: '/login' },
          { label: 'Create account', to: '/customer/add' },
        ]
      : []),
    ...(customer
      ? [
          { label: 'My account', to: '/custPanel' },
          { label: 'Wishlist', to: '/wishlist' },
          { label: 'Compare', to: '/compare' },
          { label: 'Price alerts', to: '/price-alerts' },
          { label: 'Your Complains', to: '/viewcomplain' },
        ]
      : []),
    ...(seller ? [{ label: 'Seller dashboard', to: '/seller' }] : [{ label: 'Login as Seller', to: '/sellerLogin' }]),
    ...(user ? [{ label: 'Logout', onClick: () => void signOut() }] : []),
  ];

  const links = (
    <>
      <Anchor component={Link} to="/blogPosts" size="sm">
        Blogs
      </Anchor>
      <Anchor component={Link} to="/ScrapeProducts" size="sm">
        Other stores
      </Anchor>
      {customer && (
        <Anchor component={Link} to="/registercomplain" size="sm">
          Register Complain
        </Anchor>
      )}
      {seller && (
        <Anchor component={Link} to="/seller" size="sm">
          Seller dashboard
        </Anchor>
      )}
    </>
  );

  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}>
      <Container size="xl" py="sm">
        <Group gap="sm" wrap="nowrap">
          <Anchor component={Link} to="/" fw={800} fz="xl" underline="never" aria-label="PriceHub home">
            PriceHub
          </Anchor>
          {!seller && <SearchBox />}
          {!seller && searchAddon}
          <Group gap="md" visibleFrom="md" wrap="nowrap" ml="auto">
            {links}
          </Group>
          <Group gap="xs" wrap="nowrap" ml={seller ? 'auto' : undefined}>
            {!seller && (
              <Indicator label={cartCount} size={18} disabled={cartCount === 0} offset={4}>
                <ActionIcon
                  component={Link}
                  to={customer ? '/shoppingCart' : '/login'}
                  variant="subtle"
                  size="lg"
                  aria-label={`Cart, ${cartCount} item${cartCount === 1 ? '' : 's'}`}
                >
                  <IconShoppingCart size={22} aria-hidden />
                </ActionIcon>
              </Indicator>
            )}
            <AccountMenu label={user ? user.name : 'Sign-In'} entries={entries} />
            <Burger
              opened={navOpen}
              onClick={nav.toggle}
              hiddenFrom="md"
              aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navOpen}
              size="sm"
            />
          </Group>
        </Group>
        {navOpen && (
          <Stack hiddenFrom="md" gap="xs" pt="sm" onClick={nav.close} component="nav" aria-label="Site">
            {links}
          </Stack>
        )}
      </Container>
    </Box>
  );
}
