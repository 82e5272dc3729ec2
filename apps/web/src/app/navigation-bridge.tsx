import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Navigation } from './navigation';

export function NavigationBridge({ navigation }: { navigation: Navigation }) {
  const navigate = useNavigate();
  useLayoutEffect(() => navigation.attach(navigate), [navigation, navigate]);
  return null;
}
