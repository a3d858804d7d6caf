import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export interface ShopLayoutProps {
  /** Beside the header's search box (the photo search). */
  searchAddon?: ReactNode;
  /** Shown on the home page only (the assistant's launcher). */
  homeAddon?: ReactNode;
}

export function ShopLayout({ searchAddon, homeAddon }: ShopLayoutProps) {
  const { pathname } = useLocation();
  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header searchAddon={searchAddon} />
      <Container size="xl" py="lg" component="main" id="main" style={{ flex: 1, width: '100%' }}>
        <Outlet />
      </Container>
      {pathname === '/' && homeAddon}
      <Footer />
    </Box>
  );
}
