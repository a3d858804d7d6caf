import {
  ActionIcon,
  Anchor,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Indicator,
  Menu,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCartCount } from '../api/cart-summary';
import { useLogout, useSession } from '../api/session';
import { SearchBox } from './search-box';

/** Extra header content a feature supplies (the photo-search drop zone), placed beside the search box. */
export interface HeaderProps {
  searchAddon?: ReactNode;
}

export function Header({ searchAddon }: HeaderProps) {
  const { user, customer, seller } = useSession();
  const cartCount = useCartCount();
  const logout = useLogout();
  const navigate = useNavigate();
  const [drawerOpen, drawer] = useDisclosure(false);

  const signOut = async () => {
    const wasSeller = !!seller;
    await logout();
    navigate(wasSeller ? '/sellerLogin' : '/');
  };

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
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}>
      <Container size="xl" py="sm">
        <Group gap="md" wrap="nowrap">
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
                  <IconShoppingCart size={22} />
                </ActionIcon>
              </Indicator>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="light" leftSection={<IconUser size={16} />} aria-label="Account menu">
                  <Text span size="sm" maw={120} truncate>
                    {user ? user.name : 'Sign-In'}
                  </Text>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {!user && (
                  <Menu.Item component={Link} to="/login">
                    Sign-In
                  </Menu.Item>
                )}
                {!user && (
                  <Menu.Item component={Link} to="/customer/add">
                    Create account
                  </Menu.Item>
                )}
                {customer && (
                  <Menu.Item component={Link} to="/custPanel">
                    My account
                  </Menu.Item>
                )}
                {customer && (
                  <Menu.Item component={Link} to="/wishlist">
                    Wishlist
                  </Menu.Item>
                )}
                {customer && (
                  <Menu.Item component={Link} to="/compare">
                    Compare
                  </Menu.Item>
                )}
                {!seller && (
                  <Menu.Item component={Link} to="/sellerLogin">
                    Login as Seller
                  </Menu.Item>
                )}
                {customer && (
                  <Menu.Item component={Link} to="/viewcomplain">
                    Your Complains
                  </Menu.Item>
                )}
                {user && <Menu.Item onClick={signOut}>Logout</Menu.Item>}
              </Menu.Dropdown>
            </Menu>
            <Burger
              opened={drawerOpen}
              onClick={drawer.toggle}
              hiddenFrom="md"
              aria-label="Open navigation"
              size="sm"
            />
          </Group>
        </Group>
      </Container>
      <Drawer opened={drawerOpen} onClose={drawer.close} title="PriceHub" hiddenFrom="md" position="right">
        <Stack onClick={drawer.close}>{links}</Stack>
      </Drawer>
    </header>
  );
}
