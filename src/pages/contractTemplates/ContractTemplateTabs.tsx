import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { agreementTypes } from '../../../resources/agreementTypes';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import type { ResourceDeclaration } from '../../../resources/types';
import { UnboundTemplates } from './UnboundTemplates';

const TAB_KEY = 'contractTemplateTab';
const TABS = [
  { value: 'templates', label: '合同模板' },
  { value: 'unbound', label: '未绑定主体的模板' },
  { value: 'types', label: '协议类型管理' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function storedTab(): TabValue {
  const stored = sessionStorage.getItem(TAB_KEY);
  return TABS.find((tab) => tab.value === stored)?.value ?? 'templates';
}

/**
 * /adContractTemplate (ADM_PLAT_AGREEMENT_TEMPLATE_MGR): the templates; the templates no signing entity uses
 * (GET agreement_template/unbound); the agreement types (协议类型管理, resources/agreementTypes.ts, same code). The
 * chosen tab is kept for the session, so saving an agreement type's form comes back to its tab; switching drops the
 * other list's filters from the address.
 */
export function ContractTemplateTabs({ declaration }: { declaration: ResourceDeclaration }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState<TabValue>(storedTab);
  const choose = (next: TabValue) => {
    sessionStorage.setItem(TAB_KEY, next);
    setTab(next);
    navigate(location.pathname, { replace: true });
  };
  return (
    <Box>
      <Tabs value={tab} onChange={(_, next: TabValue) => choose(next)} sx={{ mt: 1 }} aria-label="合同模板管理">
        {TABS.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {tab === 'templates' && <GeneratedList key="templates" declaration={declaration} />}
      {tab === 'unbound' && <UnboundTemplates />}
      {tab === 'types' && <GeneratedList key="types" declaration={agreementTypes} />}
    </Box>
  );
}
