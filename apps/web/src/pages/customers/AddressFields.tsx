import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Col, Form, Row, Select } from 'antd';
import { DEFAULT_ERROR, messages } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { toast } from '../../components/toast';

const lookup = (table_code: 'post_code' | 'address_district', post_code?: string) =>
  call('addresses.filter', {
    body: {
      table_code,
      use_local: true,
      pagination: { page: 1, size: 500 },
      filters: post_code ? [{ field: 'post_code', value: post_code, condition_type: 'eq' }] : [],
      sort_order: { field: 'name', direction: 'asc' },
    },
  });

/**
 * Province (post_code) then district pickers fed by /api/addresses/filter. calls.md 8: a failed lookup shows the
 * default error as a 15 s warning, not the red toast.
 */
export function AddressFields({ required = false }: { required?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const post = Form.useWatch('post_code', form) as string | undefined;
  const provinces = useQuery({
    queryKey: qk.other('addresses', 'post_code'),
    queryFn: () => lookup('post_code'),
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
  const districts = useQuery({
    queryKey: qk.other('addresses', 'address_district', post),
    queryFn: () => lookup('address_district', post),
    enabled: Boolean(post),
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
  const failed = provinces.isError || districts.isError;
  useEffect(() => {
    if (failed) toast.warning(DEFAULT_ERROR);
  }, [failed]);

  const rules = required ? [{ required: true, message: messages.required }] : [];
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name="post_code" label={t('customers.province')} rules={rules}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={provinces.isLoading}
            placeholder={t('customers.provinceCity')}
            options={(provinces.data?.items ?? []).map((p) => ({ value: p.code, label: p.name }))}
            onChange={() => form.setFieldValue('district_code', undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="district_code" label={t('customers.district')} rules={rules}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            disabled={!post}
            loading={districts.isLoading && Boolean(post)}
            placeholder={post ? t('customers.district') : t('customers.chooseProvince')}
            options={(districts.data?.items ?? []).map((d) => ({ value: d.code, label: d.full_name }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
