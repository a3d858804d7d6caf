import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export function ShopLayout({ searchAddon }: { searchAddon?: React.ReactNode }) {
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
      <Footer />
    </Box>
  );
}
