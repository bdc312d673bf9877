import { createFileRoute } from '@tanstack/react-router';
import { registry } from '../../../schema/registry';
import { EntityScreen } from '../../components/admin/EntityScreen';

export const Route = createFileRoute('/admin/teachers')({
  component: () => <EntityScreen entity={registry.teachers} />,
});
