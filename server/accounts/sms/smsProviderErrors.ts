/**
 * The providers' documented error codes as the user reads them (a 1040400 message). A code not listed still
 * reaches the user, with the code, so support can look it up.
 * Aliyun: https://help.aliyun.com/document_detail/101346.html; Tencent: https://cloud.tencent.com/document/product/382/55981.
 */
const CONFIGURATION = '短信服务配置有误，请联系平台管理员';
const DAILY_LIMIT = '该手机号今日短信发送次数已达上限，请明天再试';
const TOO_OFTEN = '短信发送过于频繁，请稍后再试';
const BAD_NUMBER = '手机号码格式不正确，请检查后重试';
const TEMPLATE = '短信模板未审核通过或与内容不符，请联系平台管理员';
const SIGNATURE = '短信签名未审核通过或不可用，请联系平台管理员';
const BALANCE = '短信账户余额不足，请联系平台管理员';

export const ALIYUN_SMS_ERRORS: Record<string, string> = {
  'isv.BUSINESS_LIMIT_CONTROL': TOO_OFTEN,
  'isv.DAY_LIMIT_CONTROL': DAILY_LIMIT,
  'isv.MOBILE_NUMBER_ILLEGAL': BAD_NUMBER,
  'isv.MOBILE_COUNT_OVER_LIMIT': BAD_NUMBER,
  'isv.SMS_TEMPLATE_ILLEGAL': TEMPLATE,
  'isv.TEMPLATE_MISSING_PARAMETERS': TEMPLATE,
  'isv.TEMPLATE_PARAMS_ILLEGAL': TEMPLATE,
  'isv.SMS_SIGNATURE_ILLEGAL': SIGNATURE,
  'isv.SMS_SIGN_ILLEGAL': SIGNATURE,
  'isv.AMOUNT_NOT_ENOUGH': BALANCE,
  'isv.OUT_OF_SERVICE': '短信服务已停用，请联系平台管理员',
  'isv.BLACK_KEY_CONTROL_LIMIT': '短信内容含有禁止发送的词语，请联系平台管理员',
  'isv.PRODUCT_UN_SUBSCRIPT': CONFIGURATION,
  'isv.ACCOUNT_NOT_EXISTS': CONFIGURATION,
  'isv.ACCOUNT_ABNORMAL': CONFIGURATION,
  'isp.RAM_PERMISSION_DENY': CONFIGURATION,
  SignatureDoesNotMatch: CONFIGURATION,
  IncompleteSignature: CONFIGURATION,
  'InvalidAccessKeyId.NotFound': CONFIGURATION,
  'isv.InvalidAccessKeyId.NotFound': CONFIGURATION,
};

export const TENCENT_SMS_ERRORS: Record<string, string> = {
  'LimitExceeded.PhoneNumberDailyLimit': DAILY_LIMIT,
  'LimitExceeded.PhoneNumberThirtySecondLimit': TOO_OFTEN,
  'LimitExceeded.PhoneNumberOneHourLimit': TOO_OFTEN,
  'LimitExceeded.PhoneNumberSameContentDailyLimit': DAILY_LIMIT,
  'LimitExceeded.DeliveryFrequencyLimit': TOO_OFTEN,
  'InvalidParameterValue.IncorrectPhoneNumber': BAD_NUMBER,
  'FailedOperation.TemplateIncorrectOrUnapproved': TEMPLATE,
  'InvalidParameterValue.TemplateParameterFormatError': TEMPLATE,
  'InvalidParameterValue.TemplateParameterLengthLimit': TEMPLATE,
  'FailedOperation.SignatureIncorrectOrUnapproved': SIGNATURE,
  'FailedOperation.InsufficientBalanceInSmsPackage': BALANCE,
  'FailedOperation.PhoneNumberInBlacklist': '该手机号已退订短信，无法发送',
  'FailedOperation.ContainSensitiveWord': '短信内容含有禁止发送的词语，请联系平台管理员',
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail': CONFIGURATION,
  'AuthFailure.SignatureFailure': CONFIGURATION,
  'AuthFailure.SecretIdNotFound': CONFIGURATION,
  'AuthFailure.SignatureExpire': CONFIGURATION,
};

/** The message of a provider's error code. */
export function smsErrorMessage(errors: Record<string, string>, code: string): string {
  return errors[code] ?? `短信发送失败（服务商错误码 ${code}），请稍后再试`;
}

export const SMS_UNREACHABLE = '短信服务暂时无法连接，请稍后再试';
