import { ActionIcon, Anchor, Box, Burger, Container, Group, Indicator, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCartCount } from '../api/cart-summary';
import { useUnreadNotificationCount } from '../api/notification-count';
import { useLogout, useSession } from '../api/session';
import { AccountMenu, type MenuEntry } from './account-menu';
import { PersonalSlot } from './personal-slot';
import { SearchBox } from './search-box';

/** Extra header content a feature supplies (the photo-search control), placed beside the search box. */
export interface HeaderProps {
  searchAddon?: ReactNode;
}

/** The site's own links, and the signed-in shopper's: shown in the header from 768px and in the phone's menu. */
function HeaderLinks() {
  const { customer, seller } = useSession();
  return (
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
}

/**
 * What the header shows of the one signed in: the links, the cart and its count, the account menu and the phone's
 * menu button. It stands in a PersonalSlot, and the server draws it alone for each signed-in shopper
 * (entry-server.tsx `renderPersonalSlot`).
 */
export function HeaderPersonal({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav: () => void }) {
  const { user, customer, seller } = useSession();
  const cartCount = useCartCount();
  const unread = useUnreadNotificationCount();
  const operator = user?.role === 'operator';
  const logout = useLogout();
  const navigate = useNavigate();

  const signOut = async () => {
    const home = seller ? '/sellerLogin' : operator ? '/operator/login' : '/';
    await logout();
    navigate(home);
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
          { label: unread > 0 ? `Notifications (${unread})` : 'Notifications', to: '/notifications' },
          { label: 'Wishlist', to: '/wishlist' },
          { label: 'Compare', to: '/compare' },
          { label: 'Price alerts', to: '/price-alerts' },
          { label: 'Your Complains', to: '/viewcomplain' },
        ]
      : []),
    ...(seller
      ? [{ label: 'Seller dashboard', to: '/seller' }]
      : operator
        ? [{ label: 'Operator console', to: '/operator' }]
        : [{ label: 'Login as Seller', to: '/sellerLogin' }]),
    ...(user ? [{ label: 'Logout', onClick: () => void signOut() }] : []),
  ];

  return (
    <>
      <Group gap="md" visibleFrom="md" wrap="nowrap" ml="auto">
        <HeaderLinks />
      </Group>
      <div className="site-header-actions">
        {!seller && !operator && (
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
        <Indicator size={10} disabled={unread === 0} offset={4}>
          <AccountMenu label={user ? user.name : 'Sign-In'} entries={entries} />
        </Indicator>
        <Burger
          opened={navOpen}
          onClick={onToggleNav}
          hiddenFrom="md"
          aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
          aria-expanded={navOpen}
          size="sm"
        />
      </div>
    </>
  );
}

export function Header({ searchAddon }: HeaderProps) {
  const { seller } = useSession();
  const [navOpen, nav] = useDisclosure(false);

  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}>
      <Container size="xl" py="sm">
        {/* One row from 768px; on a phone the search takes a row of its own under the logo and the buttons. */}
        <div className="site-header-bar">
          <Anchor component={Link} to="/" fw={800} fz="xl" underline="never" aria-label="PriceHub home">
            PriceHub
          </Anchor>
          {!seller && (
            <div className="site-header-search">
              <SearchBox />
              {/* Its place is kept while the extra loads, so the search box does not narrow under the shopper. */}
              {searchAddon && <div className="site-header-addon">{searchAddon}</div>}
            </div>
          )}
          <PersonalSlot>
            <HeaderPersonal navOpen={navOpen} onToggleNav={nav.toggle} />
          </PersonalSlot>
        </div>
        {navOpen && (
          <Stack hiddenFrom="md" gap="xs" pt="sm" onClick={nav.close} component="nav" aria-label="Site">
            <HeaderLinks />
          </Stack>
        )}
      </Container>
    </Box>
  );
}
